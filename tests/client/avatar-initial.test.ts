import { describe, expect, it } from 'vitest';
import { initialOf } from '#client/components/ui/avatar.tsx';

describe('initialOf', () => {
  it('[client][avatar]: takes the given name, the last word of a Vietnamese name', () => {
    expect(initialOf('Nguyễn Văn An')).toBe('A');
    expect(initialOf('  Trần   Thị   Bích ')).toBe('B');
    expect(initialOf('lê đức')).toBe('Đ');
    expect(initialOf('Phạm Ấn')).toBe('Ấ');
  });

  it('[client][avatar]: keeps a letter written with combining marks whole', () => {
    // "Ấ" as A + circumflex + acute (NFD), as some keyboards type it.
    expect(initialOf('Phạm A\u0302\u0301n')).toBe('Ấ');
    expect(initialOf('Phạm A\u0302\u0301n')).toHaveLength(1);
  });

  it('[client][avatar]: nothing for no name', () => {
    expect(initialOf('')).toBe('');
    expect(initialOf('   ')).toBe('');
    expect(initialOf(null)).toBe('');
  });
});
