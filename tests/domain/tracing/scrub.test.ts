import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REPORT_LIMITS } from '../../../domain/contracts/tracing';
import { scrubReport } from '../../../domain/tracing/events';
import { admit, fingerprintOf, MAX_REPORTS_PER_MINUTE, openGate, REPEAT_WINDOW_MS, sampleRateOf } from '../../../domain/tracing/gate';
import { answerTexts, MIN_ANSWER_LENGTH, scrubText, scrubUrl } from '../../../domain/tracing/scrub';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const base64url = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...BASE64URL), minLength: min, maxLength: max });

/** Random secrets as the application makes them: at least one digit when shorter than 40. */
const randomToken = fc.oneof(
  base64url(40, 90),
  fc.tuple(base64url(10, 30), fc.constantFrom(...'0123456789'), base64url(9, 30)).map(([a, d, b]) => a + d + b),
  fc.uuid(),
  fc.stringMatching(/^[0-9a-f]{32,64}$/),
);
const jwt = fc.tuple(base64url(8, 40), base64url(8, 200), base64url(8, 60)).map(([h, p, s]) => `${h}.${p}.${s}`);
const bearer = fc.string({ minLength: 1, maxLength: 40, unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)) }).filter((s) => !s.startsWith('[')).map((token) => ({ whole: `Bearer ${token}`, secret: token }));
const query = fc
  .array(fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fc.string({ maxLength: 20 })), { minLength: 1, maxLength: 3 })
  .map((pairs) => `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`);
const ascii = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
const unicode = fc.integer({ min: 0xa0, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff).map((c) => String.fromCodePoint(c));
/** Anything around the secret: arbitrary text, including quotes, @, ? and unicode. */
const noise = fc.string({ maxLength: 60, unit: fc.oneof(ascii, fc.constantFrom(' ', '\n', '@', '?', '#', '/', '.', '"'), unicode) });
const answer = fc.string({ minLength: MIN_ANSWER_LENGTH, maxLength: 30, unit: fc.oneof(ascii, unicode) }).filter((a) => a.trim().length >= MIN_ANSWER_LENGTH);

const embedded = <T,>(secret: fc.Arbitrary<T>) => fc.tuple(noise, secret, noise);

describe('scrubbing an error report (domain/tracing/scrub.ts)', () => {
  it('leaves no random token, whatever surrounds it', () => {
    fc.assert(fc.property(embedded(randomToken), ([before, token, after]) => {
      expect(scrubText(`${before}${token}${after}`)).not.toContain(token);
    }), { numRuns: 500 });
  });

  it('leaves no JWT-like token', () => {
    fc.assert(fc.property(embedded(jwt), ([before, token, after]) => {
      const out = scrubText(`${before}${token}${after}`);
      expect(out).not.toContain(token);
    }), { numRuns: 300 });
  });

  it('leaves nothing of a bearer credential', () => {
    fc.assert(fc.property(embedded(bearer), ([before, { whole, secret }, after]) => {
      // The credential cannot be told from what follows it, so the check is on the whole header value.
      expect(scrubText(`${before} ${whole} ${after}`)).not.toContain(whole);
      if (secret.length >= 4) expect(scrubText(`${before} ${whole} ${after}`)).not.toContain(`Bearer ${secret}`);
    }), { numRuns: 300 });
  });

  it('leaves no email address: nothing is glued to an @ any more', () => {
    fc.assert(fc.property(embedded(fc.emailAddress()), ([before, email, after]) => {
      const out = scrubText(`${before}${email}${after}`);
      expect(out).not.toContain(email);
      expect(out).not.toContain('@');
    }), { numRuns: 500 });
  });

  it('leaves no query string of any URL', () => {
    fc.assert(fc.property(fc.webUrl(), query, noise, (url, q, after) => {
      const text = `GET ${url}${q} ${after}`;
      const out = scrubText(text);
      expect(out).not.toContain(q);
      expect(out).not.toMatch(/\?\S/);
      expect(scrubUrl(`${url}${q}`)).not.toContain('?');
    }), { numRuns: 300 });
  });

  it('leaves no survey answer it was given, even when replacements could join pieces into one', () => {
    fc.assert(fc.property(fc.array(answer, { minLength: 1, maxLength: 4 }), noise, noise, (answers, before, after) => {
      const text = `${before}${answers.join(' ? ')}${after}token=${answers[0]}`;
      const out = scrubText(text, answers);
      for (const a of answers) expect(out).not.toContain(a);
    }), { numRuns: 500 });
  });

  it('keeps what helps find the bug: words, short ids, paths and line numbers', () => {
    const stack = 'TypeError: Cannot read properties of undefined\n    at DashboardSection (http://127.0.0.1:3000/assets/DashboardSection-Bx8d7f2a.js:12:345)';
    expect(scrubText(stack)).toBe(stack);
    expect(scrubUrl('/dashboard/home?token=abc')).toBe('/dashboard/home');
    expect(scrubText('Bearer abc.def and person@example.org at /api/login?email=x')).toBe('Bearer [token] and [email] at /api/login');
  });

  it('scrubs a whole report and cuts it to the contract limits', () => {
    fc.assert(fc.property(embedded(randomToken), fc.emailAddress(), answer, fc.string({ maxLength: 20_000 }), ([b, token, a], email, ans, long) => {
      const report = scrubReport(
        { kind: 'render', message: `${b}${token} ${email} ${ans}${a}${long}`, stack: `${long}${token}`, url: `/x/${token}?q=${email}`, code: null },
        [ans],
      );
      for (const text of [report.message, report.stack ?? '', report.url]) {
        expect(text).not.toContain(token);
        expect(text).not.toContain(email);
        expect(text).not.toContain(ans);
      }
      expect(report.message.length).toBeLessThanOrEqual(REPORT_LIMITS.message);
      expect((report.stack ?? '').length).toBeLessThanOrEqual(REPORT_LIMITS.stack);
      expect(report.url.length).toBeLessThanOrEqual(REPORT_LIMITS.url);
    }), { numRuns: 200 });
  });

  it('finds every answer text inside a survey state, however nested', () => {
    expect(answerTexts({ '1': { answer: 'Ada', key: 'first-name' }, '5': { answer: [3, 4] }, '9': { answer: [{ text: ' Free words ' }] } })).toEqual(
      expect.arrayContaining(['Ada', 'first-name', ' Free words ', 'Free words']),
    );
  });
});

describe('the report gate (domain/tracing/gate.ts)', () => {
  it('sends a report once, then counts identical ones as repeats for ten minutes', () => {
    const fp = fingerprintOf({ kind: 'render', message: 'boom', url: '/x' });
    let { gate, verdict } = admit(openGate, fp, 0);
    expect(verdict).toBe('send');
    ({ gate, verdict } = admit(gate, fp, REPEAT_WINDOW_MS - 1));
    expect(verdict).toBe('repeat');
    expect(admit(gate, fp, REPEAT_WINDOW_MS).verdict).toBe('send');
  });

  it('never sends more than the bound in any minute, whatever arrives', () => {
    fc.assert(fc.property(fc.array(fc.tuple(fc.nat(5), fc.nat(200_000)), { maxLength: 200 }), (arrivals) => {
      let gate = openGate;
      const sentAt: number[] = [];
      let now = 0;
      for (const [kind, step] of arrivals) {
        now += step;
        const result = admit(gate, `fp-${kind}`, now);
        gate = result.gate;
        if (result.verdict === 'send') sentAt.push(now);
      }
      for (const at of sentAt) expect(sentAt.filter((t) => t >= at && t < at + 60_000).length).toBeLessThanOrEqual(MAX_REPORTS_PER_MINUTE);
    }));
  });

  it('reads the sample rate: 1 unless a number from 0 to 1 is given', () => {
    expect(sampleRateOf(undefined)).toBe(1);
    expect(sampleRateOf('0.25')).toBe(0.25);
    expect(sampleRateOf('0')).toBe(0);
    expect(sampleRateOf('2')).toBe(1);
    expect(sampleRateOf('many')).toBe(1);
  });
});
