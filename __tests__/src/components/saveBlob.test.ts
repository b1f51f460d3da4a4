import { SAVED_BLOB_LIFETIME_MS, saveBlob } from '../../../src/components/saveBlob';

describe('saveBlob', () => {
  const created: Blob[] = [];
  const revoked: string[] = [];
  const clicked: { href: string; download: string; inPage: boolean }[] = [];
  beforeEach(() => {
    jest.useFakeTimers();
    created.length = 0;
    revoked.length = 0;
    clicked.length = 0;
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: (blob: Blob) => `blob:file-${created.push(blob)}` });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: (url: string) => revoked.push(url) });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, inPage: document.body.contains(this) });
    });
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('clicks a download link to the blob, named, from within the page, and leaves no link behind', () => {
    const blob = new Blob(['codes\n'], { type: 'text/plain' });
    saveBlob(blob, 'recovery-codes.txt');
    expect(created).toEqual([blob]);
    expect(clicked).toEqual([{ href: 'blob:file-1', download: 'recovery-codes.txt', inPage: true }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });

  it('keeps the blob’s address until the download has surely started, then revokes it', () => {
    saveBlob(new Blob(['{}']), 'log.json');
    jest.advanceTimersByTime(SAVED_BLOB_LIFETIME_MS - 1);
    expect(revoked).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(revoked).toEqual(['blob:file-1']);
    expect(SAVED_BLOB_LIFETIME_MS).toBeGreaterThanOrEqual(10_000);
  });
});
