/** The verdict of a serialized code's open, its PIN, and fake reports (issue 32, decisions 206-208). */
import { viPublic } from '#shared/i18n/public/vi.ts';

export const serialVerdict = {
  ...viPublic.serialVerdict,
  thresholdSaved: 'Đã lưu ngưỡng cảnh báo',
} as const;
