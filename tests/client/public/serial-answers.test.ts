/**
 * The serial verdict page's forms answer in the page's language (issue 33): the server words its refusals in
 * Vietnamese, so the page reads the status and the refused field and says it in its own words.
 */
import { describe, expect, it } from 'vitest';
import { pinAnswer, reportAnswer } from '#client/features/serials/verdict-answers.ts';
import { en } from '#shared/i18n/public/en.ts';
import { viPublic } from '#shared/i18n/public/vi.ts';
import { zhHans } from '#shared/i18n/public/zh-Hans.ts';

const refused = (statusCode: number, errors?: Record<string, string>) => ({
  statusCode,
  message: 'Thông điệp tiếng Việt của máy chủ',
  ...(errors ? { errors } : {}),
});

describe('[GUEST][client][i18n] the verdict page’s PIN and report answers', () => {
  it('[GUEST][client][i18n]: a PIN answer in English and Chinese, never the server’s Vietnamese', () => {
    expect(pinAnswer(refused(400, { pin: 'Mã PIN không đúng' }), en, 'en')).toBe('Incorrect PIN');
    expect(pinAnswer(refused(400, { pin: 'Mã PIN không đúng' }), zhHans, 'zh-Hans')).toBe('PIN 码不正确');
    expect(pinAnswer(refused(429), en, 'en')).toBe(en.serialVerdict.tooManyTries);
    expect(pinAnswer(refused(400, { serial: 'Mã đã bị hủy' }), en, 'en')).toBe(en.serialVerdict.voided);
    expect(pinAnswer(refused(500), zhHans, 'zh-Hans')).toBe(zhHans.client.somethingWentWrong);
    const now = {
      statusCode: 200,
      message: '',
      data: { activatedNow: true, activatedAt: '2026-11-28T01:00:00Z' },
    };
    expect(pinAnswer(now, en, 'en')).toBe(en.serialVerdict.activatedNow);
    const before = { ...now, data: { activatedNow: false, activatedAt: '2026-11-28T01:00:00Z' } };
    expect(pinAnswer(before, en, 'en')).toMatch(/^This PIN was already activated at Nov 28, 2026, 08:00\./);
    // No network: the page's own words, already in its language.
    expect(pinAnswer({ statusCode: 0, message: en.client.offline }, en, 'en')).toBe(en.client.offline);
  });

  it('[GUEST][client][i18n]: a report refused for its photo, its shop name or its note says which, in the page’s language', () => {
    expect(reportAnswer({ statusCode: 201, message: 'Đã gửi' }, en)).toBe(en.serialVerdict.reportSent);
    expect(reportAnswer(refused(413), en)).toBe('The photo is too large. Please choose a smaller one.');
    expect(reportAnswer(refused(415), zhHans)).toBe(zhHans.serialVerdict.photoNotImage);
    expect(reportAnswer(refused(400, { shopName: 'Vui lòng nhập tên cửa hàng' }), en)).toBe(
      'Please enter the shop name',
    );
    expect(reportAnswer(refused(400, { note: 'Quá dài' }), zhHans)).toBe(zhHans.serialVerdict.noteTooLong);
    expect(reportAnswer(refused(429), zhHans)).toBe(zhHans.serialVerdict.tooManyTries);
    expect(reportAnswer(refused(404), en)).toBe(en.serialVerdict.reportNoCompany);
    expect(reportAnswer(refused(503), en)).toBe(en.client.somethingWentWrong);
    // Vietnamese pages say the same in Vietnamese.
    expect(reportAnswer(refused(413), viPublic)).toBe(viPublic.serialVerdict.photoTooLarge);
  });
});
