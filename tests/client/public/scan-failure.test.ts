/**
 * A failed scan in the page's language (issue 33): the server's Vietnamese refusals of a photo or a code are
 * said again in English or Chinese, figures kept; what is not recognized is said by its status.
 */
import { describe, expect, it } from 'vitest';
import { scanFailure } from '#client/features/scan/scan-failure.ts';
import { en } from '#shared/i18n/public/en.ts';
import { viPublic } from '#shared/i18n/public/vi.ts';
import { zhHans } from '#shared/i18n/public/zh-Hans.ts';
import { vi } from '#shared/i18n/vi/index.ts';

describe('[GUEST][client][i18n] a failed scan said in the page’s language', () => {
  it('[GUEST][client][i18n]: the server’s photo refusals, in English and Chinese', () => {
    expect(scanFailure(400, vi.scan.noCodeInImage, en, 'en')).toBe('No QR code was found in the photo');
    expect(scanFailure(415, vi.scan.notAPhoto, zhHans, 'zh-Hans')).toBe(zhHans.scanMessages.notAPhoto);
    expect(scanFailure(413, vi.scan.decodeTooCostly, en, 'en')).toBe(en.scanMessages.decodeTooCostly);
    expect(scanFailure(503, vi.scan.decodeBusy, en, 'en')).toBe(en.scanMessages.decodeBusy);
    // A figure in the message is kept.
    expect(scanFailure(413, vi.scan.fileTooLarge('5.0'), en, 'en')).toBe('The file is too large (maximum 5.0 MB)');
    expect(scanFailure(413, vi.scan.heifTooManyPixels(24), zhHans, 'zh-Hans')).toBe(
      zhHans.scanMessages.heifTooManyPixels(24),
    );
  });

  it('[GUEST][client][i18n]: a code not found, and what the page does not recognize, by its status', () => {
    expect(scanFailure(404, vi.products.notFound, en, 'en')).toBe(en.scan.notFound);
    expect(scanFailure(413, 'Nội dung quá lớn', en, 'en')).toBe(en.scanMessages.tooManyPixels);
    expect(scanFailure(429, 'Quá nhiều yêu cầu', zhHans, 'zh-Hans')).toBe(zhHans.scanMessages.decodeBusy);
    expect(scanFailure(500, 'Lỗi máy chủ', en, 'en')).toBe(en.client.somethingWentWrong);
    // A Vietnamese page says what the server said.
    expect(scanFailure(500, 'Lỗi máy chủ', viPublic, 'vi')).toBe('Lỗi máy chủ');
    expect(scanFailure(null, '', viPublic, 'vi')).toBe(viPublic.client.unknownError);
  });
});
