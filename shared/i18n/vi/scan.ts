/** Scanning: uploads of QR photos and images, and the scan history. */
import { viPublic } from '#shared/i18n/public/vi.ts';

export const scan = {
  notOurs: viPublic.scanMessages.notOurs,
  noCodeInImage: viPublic.scanMessages.noCodeInImage,
  missingFile: 'Vui lòng chọn một tệp ảnh (trường file)',
  tooManyParts: (max: number) => `Biểu mẫu gửi lên có quá nhiều phần (tối đa ${max})`,
  notAnImage: 'Chỉ chấp nhận ảnh JPG, JPEG, PNG hoặc GIF',
  notAPhoto: viPublic.scanMessages.notAPhoto,
  fileTooLarge: viPublic.scanMessages.fileTooLarge,
  tooManyPixels: viPublic.scanMessages.tooManyPixels,
  uploaded: 'Tải ảnh lên thành công',
  variantWidth: (widths: string) => `Chiều rộng ảnh không hỗ trợ, chỉ có: ${widths}`,
  logAdded: viPublic.scanMessages.logAdded,
  logsMerged: viPublic.scanMessages.logsMerged,
  decodeBusy: viPublic.scanMessages.decodeBusy,
  decodeTooCostly: viPublic.scanMessages.decodeTooCostly,
  heifTooManyPixels: viPublic.scanMessages.heifTooManyPixels,
} as const;
