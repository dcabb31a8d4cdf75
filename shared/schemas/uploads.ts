import { z } from 'zod';

/**
 * A file as the procedures take it: its bytes and the name it came with (used for nothing but logs;
 * the type is always sniffed from the bytes). REST adapters build it from a multipart `file` field.
 */
export const uploadFileInput = z.strictObject({
  // z.instanceof(Uint8Array) would narrow the type to Uint8Array<ArrayBuffer>; Buffers are welcome too.
  bytes: z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'Tệp không hợp lệ' }),
  filename: z.string().max(255).default(''),
});
export type UploadFileInput = z.infer<typeof uploadFileInput>;
