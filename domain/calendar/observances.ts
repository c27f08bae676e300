/**
 * The observances of the cultural diversity calendar beyond public holidays: each with a short
 * neutral description and the worldviews, heritages and countries it belongs to, named by the
 * codes of the product's lookup lists (worldviews: ASCRG 2024 broad groups; heritages: the
 * ethnicities list, e.g. 'ascceg:6101'; countries: ISO 3166 alpha-2). The server turns the
 * codes into lookup ids.
 *
 * Three kinds of date:
 * - `rule`: a date-holidays rule (lunar, Islamic, Hebrew, Persian, Bengali, Easter-based or a
 *   fixed day; ../shared/data/cultural-calendar-rules.json), computed for any year;
 * - `dates`: festivals of the Hindu, Buddhist and Sikh lunisolar calendars that date-holidays
 *   cannot compute, typed per year from published calendars (checked against the countries'
 *   public holiday lists where date-holidays has them); known only up to the last year typed;
 * - awareness days are fixed rules with `kind: 'awareness'`.
 */

export type ObservanceKind = 'observance' | 'awareness';

export interface Observance {
  readonly key: string;
  readonly name: string;
  readonly kind: ObservanceKind;
  readonly description: string;
  readonly worldviews: readonly string[];
  readonly heritages: readonly string[];
  readonly countries: readonly string[];
  /** A date-holidays rule ... */
  readonly rule?: string;
  /** ... or the days typed per year (YYYY-MM-DD). */
  readonly dates?: readonly string[];
}

const BUDDHISM = '15';
const CHRISTIANITY = '25';
const HINDUISM = '35';
const ISLAM = '45';
const JUDAISM = '55';
const SIKHISM = '65';
const OTHER_RELIGIONS = '85';
const SECULAR = '95';

const h = (code: string) => `ascceg:${code}`;
const CHINESE = h('6101');
const KOREAN = h('6902');
const VIETNAMESE = h('5107');
const JEWISH = h('4201');
const ORTHODOX_HERITAGES = [h('3205'), h('3308'), h('3213'), h('3312'), h('3206'), h('3211'), h('9204')];
const IRANIAN = h('4904');
const KURDISH = h('4905');
const AFGHAN = h('7201');
const BENGALI = h('7102');
const BANGLADESHI = h('7118');
const ABORIGINAL = h('1102');
const TORRES_STRAIT = h('1104');
const INDIAN = h('7106');
const GUJARATI = h('7104');
const PUNJABI = h('7113');
const SIKH = h('7114');
const NEPALESE = h('7111');
const MALAYALI = h('7107');
const TAMILS = [h('7127'), h('7128'), h('7131')];
const SINHALESE = h('7115');
const THAI = h('5106');
const BURMESE = h('5102');
const MAURITIAN = h('9207');

const o = (
  key: string,
  name: string,
  description: string,
  links: { worldviews?: readonly string[]; heritages?: readonly string[]; countries?: readonly string[] },
  date: { rule: string } | { dates: readonly string[] },
  kind: ObservanceKind = 'observance',
): Observance => ({ key, name, kind, description, worldviews: links.worldviews ?? [], heritages: links.heritages ?? [], countries: links.countries ?? [], ...date });

export const OBSERVANCES: readonly Observance[] = [
  // Chinese lunisolar calendar
  o('lunar-new-year', 'Lunar New Year', 'The first day of the lunisolar year, marked with family reunions and the wish for a good year.', { heritages: [CHINESE, KOREAN, VIETNAMESE], countries: ['CN', 'TW', 'HK', 'KR', 'VN', 'SG'] }, { rule: 'chinese 01-0-01' }),
  o('mid-autumn', 'Mid-Autumn Festival', 'A harvest festival at the full moon of the eighth lunar month, often shared over mooncakes.', { heritages: [CHINESE, VIETNAMESE, KOREAN], countries: ['CN', 'TW', 'HK', 'VN', 'KR'] }, { rule: 'chinese 08-0-15' }),
  o('buddha-birthday-east', "Buddha's Birthday (East Asian)", "The birth of the Buddha as kept in East Asian traditions, on the eighth day of the fourth lunar month.", { worldviews: [BUDDHISM], heritages: [CHINESE, KOREAN], countries: ['KR', 'HK', 'MO', 'TW'] }, { rule: 'chinese 04-0-08' }),
  // Islamic calendar
  o('ramadan', 'Ramadan begins', 'The start of the month of fasting from dawn to sunset, prayer and giving.', { worldviews: [ISLAM] }, { rule: '1 Ramadan' }),
  o('eid-al-fitr', 'Eid al-Fitr', 'The festival that ends Ramadan, with prayer, meals and gifts.', { worldviews: [ISLAM] }, { rule: '1 Shawwal' }),
  o('eid-al-adha', 'Eid al-Adha', 'The festival of sacrifice at the time of the pilgrimage to Mecca.', { worldviews: [ISLAM] }, { rule: '10 Dhu al-Hijjah' }),
  o('islamic-new-year', 'Islamic New Year', 'The first day of the month of Muharram, which begins the Hijri year.', { worldviews: [ISLAM] }, { rule: '1 Muharram' }),
  o('ashura', 'Ashura', 'The tenth day of Muharram, a day of fasting for many and of mourning for Shia Muslims.', { worldviews: [ISLAM] }, { rule: '10 Muharram' }),
  o('mawlid', 'Mawlid', 'The birthday of the Prophet Muhammad, kept by many Muslims.', { worldviews: [ISLAM] }, { rule: '12 Rabi al-awwal' }),
  // Hebrew calendar
  o('rosh-hashanah', 'Rosh Hashanah', 'The Jewish New Year, beginning ten days of reflection.', { worldviews: [JUDAISM], heritages: [JEWISH], countries: ['IL'] }, { rule: '1 Tishrei' }),
  o('yom-kippur', 'Yom Kippur', 'The Day of Atonement, kept with fasting and prayer.', { worldviews: [JUDAISM], heritages: [JEWISH], countries: ['IL'] }, { rule: '10 Tishrei' }),
  o('sukkot', 'Sukkot', 'A week-long harvest festival remembered in temporary shelters.', { worldviews: [JUDAISM], heritages: [JEWISH], countries: ['IL'] }, { rule: '15 Tishrei' }),
  o('hanukkah', 'Hanukkah', 'The eight-day festival of lights, with a candle lit each evening.', { worldviews: [JUDAISM], heritages: [JEWISH], countries: ['IL'] }, { rule: '25 Kislev P8D' }),
  o('purim', 'Purim', 'A joyful festival recalling the story of Esther.', { worldviews: [JUDAISM], heritages: [JEWISH], countries: ['IL'] }, { rule: '14 Adar' }),
  o('passover', 'Passover', 'The festival of freedom recalling the Exodus, opened with the Seder meal.', { worldviews: [JUDAISM], heritages: [JEWISH], countries: ['IL'] }, { rule: '15 Nisan' }),
  o('shavuot', 'Shavuot', 'The festival of weeks, recalling the giving of the Torah.', { worldviews: [JUDAISM], heritages: [JEWISH], countries: ['IL'] }, { rule: '6 Sivan' }),
  // Christian calendars
  o('ash-wednesday', 'Ash Wednesday', 'The first day of Lent in Western Christian churches.', { worldviews: [CHRISTIANITY] }, { rule: 'easter -46' }),
  o('good-friday', 'Good Friday', 'Christians remember the crucifixion of Jesus.', { worldviews: [CHRISTIANITY] }, { rule: 'easter -2' }),
  o('easter', 'Easter Sunday', 'Christians celebrate the resurrection of Jesus.', { worldviews: [CHRISTIANITY] }, { rule: 'easter' }),
  o('pentecost', 'Pentecost', 'Fifty days after Easter, Christians mark the coming of the Holy Spirit.', { worldviews: [CHRISTIANITY] }, { rule: 'easter 49' }),
  o('christmas', 'Christmas Day', 'Christians celebrate the birth of Jesus.', { worldviews: [CHRISTIANITY] }, { rule: '12-25' }),
  o('orthodox-easter', 'Orthodox Easter', 'Easter as dated by the Eastern Orthodox churches.', { worldviews: [CHRISTIANITY], heritages: ORTHODOX_HERITAGES }, { rule: 'orthodox' }),
  o('orthodox-christmas', 'Orthodox Christmas', 'Christmas as kept by churches that follow the Julian calendar.', { worldviews: [CHRISTIANITY], heritages: ORTHODOX_HERITAGES }, { rule: 'julian 12-25' }),
  // Persian and Bengali calendars
  o('nowruz', 'Nowruz', 'The Persian New Year at the spring equinox, also kept by Zoroastrians and Baháʼís.', { worldviews: [OTHER_RELIGIONS], heritages: [IRANIAN, KURDISH, AFGHAN], countries: ['IR', 'AF', 'TJ', 'AZ', 'UZ'] }, { rule: '1 Farvardin' }),
  o('pohela-boishakh', 'Pohela Boishakh', 'The Bengali New Year, with fairs, music and processions.', { heritages: [BENGALI, BANGLADESHI], countries: ['BD'] }, { rule: 'bengali-revised 1-1' }),
  // Australian observances of the rules file
  o('harmony-day', 'Harmony Day', "Australia's day for cultural diversity and belonging, on the UN day against racial discrimination.", { countries: ['AU'] }, { rule: '03-21' }, 'awareness'),
  o('sorry-day', 'National Sorry Day', 'Remembers the Stolen Generations of Aboriginal and Torres Strait Islander children.', { heritages: [ABORIGINAL, TORRES_STRAIT], countries: ['AU'] }, { rule: '05-26' }, 'awareness'),
  o('reconciliation-week', 'National Reconciliation Week', 'A week about relationships between Aboriginal and Torres Strait Islander peoples and other Australians.', { heritages: [ABORIGINAL, TORRES_STRAIT], countries: ['AU'] }, { rule: '05-27 P8D' }, 'awareness'),
  o('naidoc-week', 'NAIDOC Week', 'Celebrates the history, cultures and achievements of Aboriginal and Torres Strait Islander peoples (approximate start).', { heritages: [ABORIGINAL, TORRES_STRAIT], countries: ['AU'] }, { rule: '1st sunday in July' }, 'awareness'),
  // International awareness days (fixed rules)
  o('mother-language-day', 'International Mother Language Day', 'A UN day for linguistic and cultural diversity.', {}, { rule: '02-21' }, 'awareness'),
  o('womens-day', "International Women's Day", "A day for women's rights and gender equality.", {}, { rule: '03-08' }, 'awareness'),
  o('racial-discrimination-day', 'International Day for the Elimination of Racial Discrimination', 'A UN day against racism and discrimination.', {}, { rule: '03-21' }, 'awareness'),
  o('trans-visibility', 'Transgender Day of Visibility', 'Celebrates transgender and gender-diverse people.', {}, { rule: '03-31' }, 'awareness'),
  o('idahobit', 'IDAHOBIT', 'International Day Against Homophobia, Biphobia, Interphobia and Transphobia.', {}, { rule: '05-17' }, 'awareness'),
  o('cultural-diversity-day', 'World Day for Cultural Diversity', 'The UN day for cultural diversity, dialogue and development.', {}, { rule: '05-21' }, 'awareness'),
  o('refugee-day', 'World Refugee Day', 'Honours people forced to flee their homes.', {}, { rule: '06-20' }, 'awareness'),
  o('humanist-day', 'World Humanist Day', 'A day for humanist values, kept by many people of no religion.', { worldviews: [SECULAR] }, { rule: '06-21' }, 'awareness'),
  o('indigenous-peoples-day', "International Day of the World's Indigenous Peoples", "A UN day for the rights and cultures of Indigenous peoples.", { heritages: [ABORIGINAL, TORRES_STRAIT] }, { rule: '08-09' }, 'awareness'),
  o('youth-day', 'International Youth Day', 'A UN day about young people.', {}, { rule: '08-12' }, 'awareness'),
  o('peace-day', 'International Day of Peace', 'A UN day for peace and non-violence.', {}, { rule: '09-21' }, 'awareness'),
  o('sign-languages-day', 'International Day of Sign Languages', 'Celebrates sign languages and the people who use them.', {}, { rule: '09-23' }, 'awareness'),
  o('older-persons-day', 'International Day of Older Persons', 'A UN day about older people.', {}, { rule: '10-01' }, 'awareness'),
  o('tolerance-day', 'International Day for Tolerance', 'A UN day for mutual respect among cultures.', {}, { rule: '11-16' }, 'awareness'),
  o('disability-day', 'International Day of Persons with Disabilities', 'A UN day for the inclusion of people with disability.', {}, { rule: '12-03' }, 'awareness'),
  o('human-rights-day', 'Human Rights Day', 'Marks the Universal Declaration of Human Rights.', {}, { rule: '12-10' }, 'awareness'),
  // Lunisolar festivals date-holidays cannot compute: typed per year from published calendars.
  o('diwali', 'Diwali / Deepavali', 'The festival of lights, kept by Hindus, Sikhs (Bandi Chhor Divas) and Jains.', { worldviews: [HINDUISM, SIKHISM], heritages: [INDIAN, GUJARATI, PUNJABI, NEPALESE, MALAYALI, MAURITIAN, ...TAMILS], countries: ['IN', 'NP', 'MU', 'FJ', 'SG', 'MY', 'LK', 'TT', 'GY', 'SR'] }, { dates: ['2026-11-08', '2027-10-29', '2028-10-17'] }),
  o('holi', 'Holi', 'The spring festival of colours.', { worldviews: [HINDUISM], heritages: [INDIAN, GUJARATI, PUNJABI, NEPALESE], countries: ['IN', 'NP', 'SR'] }, { dates: ['2026-03-04', '2027-03-22', '2028-03-11'] }),
  o('vesak', 'Vesak', 'Theravada Buddhists mark the birth, enlightenment and passing of the Buddha at the full moon.', { worldviews: [BUDDHISM], heritages: [SINHALESE, THAI, BURMESE], countries: ['LK', 'TH', 'MM', 'SG', 'MY', 'KH', 'LA'] }, { dates: ['2026-05-31', '2027-05-20', '2028-05-09'] }),
  o('thaipusam', 'Thaipusam', 'A Tamil Hindu festival in honour of Lord Murugan.', { worldviews: [HINDUISM], heritages: TAMILS, countries: ['MY', 'SG', 'MU'] }, { dates: ['2026-02-01', '2027-01-22', '2028-02-10'] }),
  o('vaisakhi', 'Vaisakhi', 'The spring harvest festival and the founding of the Khalsa for Sikhs.', { worldviews: [SIKHISM, HINDUISM], heritages: [PUNJABI, SIKH], countries: ['IN'] }, { dates: ['2026-04-14', '2027-04-14', '2028-04-13'] }),
  o('gurpurab', 'Guru Nanak Gurpurab', 'Sikhs celebrate the birth of Guru Nanak, the first Guru.', { worldviews: [SIKHISM], heritages: [PUNJABI, SIKH], countries: ['IN'] }, { dates: ['2026-11-24', '2027-11-14', '2028-11-02'] }),
  o('dussehra', 'Dussehra', 'The tenth day after Navratri, the victory of good over evil (Dashain in Nepal).', { worldviews: [HINDUISM], heritages: [INDIAN, NEPALESE, GUJARATI], countries: ['IN', 'NP'] }, { dates: ['2026-10-20', '2027-10-09', '2028-09-27'] }),
  o('onam', 'Onam', 'The harvest festival of Kerala.', { heritages: [MALAYALI], countries: ['IN'] }, { dates: ['2026-08-26', '2027-09-12'] }),
  o('pongal', 'Thai Pongal', 'The Tamil harvest festival, named after the dish of new rice.', { worldviews: [HINDUISM], heritages: TAMILS, countries: ['IN', 'LK'] }, { dates: ['2027-01-15', '2028-01-15'] }),
];

/** The last year typed for each lunisolar festival: the interface says how far ahead each is known. */
export const typedUntil = (): { name: string; year: number }[] =>
  OBSERVANCES.filter((observance) => observance.dates !== undefined).map((observance) => ({
    name: observance.name,
    year: Math.max(...observance.dates!.map((day) => Number(day.slice(0, 4)))),
  }));
