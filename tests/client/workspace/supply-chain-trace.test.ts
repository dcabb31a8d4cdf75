import { describe, expect, it } from 'vitest';
import { byDepth, linkLines } from '#client/features/supply-chain/trace-view.tsx';
import type { TraceAnswer } from '#client/features/supply-chain/types.ts';

const lot = (id: number, code: string, depth: number) => ({
  id,
  code,
  depth,
  productId: 1,
  productName: 'Cà phê',
  status: 'OK' as const,
  recallReason: null,
  holdReason: null,
});

/** GROUND1 made from ROAST1 (0.8 t), ROAST1 made from GREEN1 and GREEN2. */
const backward: TraceAnswer = {
  lotId: 3,
  direction: 'backward',
  lots: [lot(3, 'GROUND1', 0), lot(2, 'ROAST1', 1), lot(1, 'GREEN1', 2), lot(4, 'GREEN2', 2)],
  links: [
    { lotId: 3, inputLotId: 2, quantity: '0.8', unit: 'TNE' },
    { lotId: 2, inputLotId: 1, quantity: '1000', unit: 'KGM' },
    { lotId: 2, inputLotId: 4, quantity: '250.5', unit: 'KGM' },
  ],
  movements: [],
  partners: [],
  truncated: false,
};

describe('[client][supply-chain] the trace view', () => {
  it('[client][supply-chain]: lots are grouped by their distance from the traced lot, nearest first', () => {
    const shuffled = [...backward.lots].reverse();
    expect(byDepth(shuffled).map(([d, lots]) => [d, lots.map((l) => l.code)])).toEqual([
      [0, ['GROUND1']],
      [1, ['ROAST1']],
      [2, ['GREEN2', 'GREEN1']],
    ]);
  });

  it('[client][supply-chain]: backward, a lot says which nearer lot was made from it and how much, in Vietnamese numbers', () => {
    expect(linkLines(backward, 1)).toEqual(['ROAST1 làm từ GREEN1 (1.000 kg)']);
    expect(linkLines(backward, 4)).toEqual(['ROAST1 làm từ GREEN2 (250,5 kg)']);
    expect(linkLines(backward, 3)).toEqual([]);
  });

  it('[client][supply-chain]: forward, a lot says what it was made from', () => {
    const forward: TraceAnswer = {
      ...backward,
      lotId: 1,
      direction: 'forward',
      lots: [lot(1, 'GREEN1', 0), lot(2, 'ROAST1', 1), lot(3, 'GROUND1', 2)],
      links: backward.links.slice(0, 2),
    };
    expect(linkLines(forward, 3)).toEqual(['GROUND1 làm từ ROAST1 (0,8 tấn)']);
    expect(linkLines(forward, 1)).toEqual([]);
  });
});
