import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPORT_CARDS, EXPORT_PAGES, RETIRED_CARDS } from '../../domain/contracts/exports';
import { statisticEndpoint, statisticsEndpoints } from '../../domain/contracts/statistics';
import { statisticSectionName, statisticsSections } from '../../domain/resources/sections/statistics';
import { RETIRED_STATISTICS, STATISTIC_IDS, STATISTICS_ON_PAGES, type StatisticId, statisticRow } from '../../domain/stats/catalogue';

/**
 * The statistics catalogue is the one place a statistic is declared; the endpoint, the section and
 * the export card are derived from its row. Their names are on the wire (URLs, the client state's
 * section names, card keys kept in saved reports), so the derivation must keep them as they were.
 */

const kebab = (word: string) => word.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The section names the dashboards have always loaded (client state and tests name them). */
const SECTION_NAMES = `statAppearanceAppearances statAppearanceTree statCountryCountries statCountryParentGrandparent statCountryRowOne
  statCountryRowThree statCountryRowTwo statCountryTree statCultureBelongTree statCultureIdentityTree statDemographicBirthContinent
  statDemographicHighschoolCompletion statDemographicLgbtiq statDemographicPeopleLtc statDemographicRowFive statDemographicRowFour
  statDemographicRowOne statDemographicRowThree statDemographicRowTwo statDemographicStatePerGender statDemographicWomanManager
  statEthnicityCulturalFamilies statEthnicityCultureBelong statEthnicityCultureIdentity statEthnicityEthnicRegions statEthnicityEthnicities
  statEthnicityRowOne statEthnicityRowThree statEthnicityRowTwo statEthnicityTree statGeneralBadges statGeneralMutualityIndex
  statGeneralWaiting statHomeTotalBirthCountry statHomeTotalEthnicity statHomeTotalGroupSubgroup statHomeTotalLanguage
  statHomeTotalRegistered statHomeTotalWorldview statLanguageLanguages statLanguageListGender statLanguageListLevel
  statLanguageListMacrozoneGender statLanguageListZoneGender statLanguageMicroZones statLanguageMonolingual statLanguageMostCommon
  statLanguageMostCommonMacrozone statLanguageMostCommonZone statLanguageMultilingual statLanguageNative statLanguageRowOne
  statLanguageRowThree statLanguageRowTwo statLanguageTotalKnown statLanguageTree statLanguageTreeParticipant statLanguageZones
  statOverviewBornCountryRegistration statOverviewCountryBirth statOverviewGenderAgeRange statOverviewPeopleLtc statOverviewRowOne
  statOverviewRowThree statOverviewRowTwo statOverviewTertiaryEducation statOverviewTotalRegistered statWorldviewRowOne
  statWorldviewRowThree statWorldviewRowTwo statWorldviewTree statWorldviewWorldviews`.split(/\s+/);

describe('the statistics catalogue', () => {
  it('spells each path from its id, once: /group/name in kebab case', () => {
    for (const id of STATISTIC_IDS) {
      const [group, name] = id.split('.') as [string, string];
      expect(statisticRow(id).path, id).toBe(`/${kebab(group)}/${kebab(name)}`);
    }
    expect(new Set(STATISTIC_IDS.map((id) => statisticRow(id).path)).size).toBe(STATISTIC_IDS.length);
  });

  it('gives each statistic one endpoint object, the one its section and its cards hold', () => {
    fc.assert(
      fc.property(fc.constantFrom(...STATISTIC_IDS), (id) => {
        const endpoint = statisticEndpoint(id);
        const [group, name] = id.split('.') as [string, string];
        expect((statisticsEndpoints as unknown as Record<string, Record<string, unknown>>)[group]![name]).toBe(endpoint);
        expect(endpoint).toMatchObject({ method: 'GET', path: statisticRow(id).path, data: statisticRow(id).data, filtered: true });
        if (statisticRow(id).section) expect(statisticsSections[statisticSectionName(id) as keyof typeof statisticsSections].endpoint).toBe(endpoint);
        for (const card of Object.values(EXPORT_CARDS).flat()) if (card.key === endpoint.path.slice(1)) expect(card.endpoint).toBe(endpoint);
      }),
    );
  });

  it('keeps the dashboards’ section names', () => {
    const derived = Object.keys(statisticsSections).filter((name) => name.startsWith('stat'));
    expect(derived.sort()).toEqual([...SECTION_NAMES].sort());
  });

  it('names every card by a statistic with a title, and every titled statistic is a card somewhere or retired', () => {
    const onPages = new Set<StatisticId>(EXPORT_PAGES.flatMap((page) => STATISTICS_ON_PAGES[page]));
    for (const id of STATISTIC_IDS) {
      const titled = statisticRow(id).title !== undefined;
      expect(titled, id).toBe(onPages.has(id) || id in RETIRED_STATISTICS);
    }
    expect(RETIRED_CARDS.map((card) => card.key)).toEqual(Object.keys(RETIRED_STATISTICS).map((id) => statisticRow(id as keyof typeof RETIRED_STATISTICS).path.slice(1)));
  });
});
