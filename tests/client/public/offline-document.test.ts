import { describe, expect, it } from 'vitest';
import { markOffline, OFFLINE_PAGE, offlineDocuments } from '#client/sw/offline-document.ts';

describe('[client][offline]: what the service worker answers a page with when there is no network', () => {
  it('[GUEST][offline]: the light page is marked on its <html> element, once', () => {
    const html =
      '<!doctype html>\n<html lang="vi">\n<head><title>Truy xuất nguồn gốc</title></head><body><div id="root"></div></body></html>';
    const marked = markOffline(html);
    expect(marked).toContain('<html data-offline="" lang="vi">');
    expect(marked.match(/data-offline/g)).toHaveLength(1);
    expect(markOffline('<html>')).toBe('<html data-offline="">');
  });

  it('[GUEST][offline]: the scanner gets its app shell when it was kept, every other page the offline light page', () => {
    expect(offlineDocuments('/scan-qr')).toEqual(['/index.html', OFFLINE_PAGE]);
    for (const path of ['/products/details/7', '/lots/3', '/company/details/2', '/qrs', '/'])
      expect(offlineDocuments(path), path).toEqual([OFFLINE_PAGE]);
  });
});
