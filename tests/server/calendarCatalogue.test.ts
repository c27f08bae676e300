import fc from 'fast-check';
import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import { OBSERVANCES } from '../../domain/calendar/observances';
import { catalogueWindow, catalogueYear, dayIn, zoneOf } from '../../server/services/calendar/catalogue';
import { windowOf } from '../../server/services/calendar';

const COUNTRIES = Object.keys(new Holidays().getCountries('en'));

describe('the calendar catalogue', () => {
  it('holds the days of at least 150 countries in 2027 (over 3,000 country days), and every observance', () => {
    const year = catalogueYear(2027, 'AU', 'Australia/Sydney');
    const publicDays = year.filter((event) => !event.id.startsWith('obs:'));
    expect(year.reduce((sum, event) => sum + event.countries.length, 0)).toBeGreaterThanOrEqual(3000);
    expect(new Set(publicDays.flatMap((event) => event.countries)).size).toBeGreaterThanOrEqual(150);
    const keys = new Set(year.filter((event) => event.id.startsWith('obs:')).map((event) => event.id.split(':')[1]));
    for (const observance of OBSERVANCES) expect(keys.has(observance.key), observance.key).toBe(true);
    expect(new Set(year.map((event) => event.id)).size).toBe(year.length);
    // One event per day and name, whatever the number of countries keeping it.
    expect(new Set(year.map((event) => `${event.date} ${event.name}`)).size).toBe(year.length);
    // A marked-only day named in no language of the product ("1. Advent") is left out.
    expect(year.some((event) => /^\d\. Advent$/.test(event.name))).toBe(false);
  });

  it('dates Hebrew, Islamic and lunar days on the day itself (not the eve before), whatever the organisation’s zone', () => {
    // Published dates for 2027 (the evening before, these begin at sunset).
    const expected: Record<string, string> = {
      'rosh-hashanah': '2027-10-02',
      'yom-kippur': '2027-10-11',
      passover: '2027-04-22',
      'ramadan': '2027-02-08',
      'lunar-new-year': '2027-02-06',
      'orthodox-easter': '2027-05-02',
      easter: '2027-03-28',
      nowruz: '2027-03-21',
      diwali: '2027-10-29',
    };
    fc.assert(
      fc.property(fc.constantFrom('AU', 'GB', 'US', 'IN', 'JP', 'NZ', 'BR', 'ZA', 'DE', 'SG', 'CA', 'FJ'), (country) => {
        const zone = zoneOf(country);
        const year = catalogueYear(2027, country, zone);
        for (const [key, day] of Object.entries(expected)) {
          const found = year.find((event) => event.id.startsWith(`obs:${key}:`));
          expect(found?.date, `${key} for ${country} (${zone})`).toBe(day);
        }
      }),
      { numRuns: 12 },
    );
  });

  it('a window is twelve months from today in the organisation’s zone, and holds only days inside it', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }), fc.constantFrom('AU', 'US', 'GB', 'NZ'), (now, country) => {
        const { timeZone, from, to } = windowOf(country, now);
        expect(from).toBe(dayIn(now, timeZone));
        expect(Number(to.slice(0, 4))).toBe(Number(from.slice(0, 4)) + 1);
        const events = catalogueWindow(from, to, country, timeZone);
        expect(events.every((event) => event.date >= from && event.date < to)).toBe(true);
        expect(events.length).toBeGreaterThan(1200);
      }),
      { numRuns: 6 },
    );
  }, 180_000);

  it('public days keep the day they are kept on in their own country', () => {
    const year = catalogueYear(2027, 'AU', 'Australia/Sydney');
    expect(year.find((event) => event.date === '2027-01-01' && event.publicIn.includes('NZ'))).toBeDefined();
    expect(year.find((event) => event.date.startsWith('2027-07-0') && event.name === 'Independence Day' && event.publicIn.includes('US'))).toBeDefined();
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(200);
  });
});
