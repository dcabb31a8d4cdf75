import { describe, expect, it } from 'vitest';
import { bizStepOf, cbvBizStepFor } from '#shared/gs1/biz-steps.ts';

describe('Vietnamese activities to CBV 2.0 bizSteps', () => {
  it.each([
    ['Thu hoạch', 'commissioning'],
    ['THU HOẠCH lúa', 'commissioning'],
    ['Đóng gói', 'packing'],
    ['Vận chuyển ra cảng', 'transporting'],
    ['Xuất kho', 'shipping'],
    ['Nhận hàng tại đại lý', 'receiving'],
    ['Bảo quản lạnh', 'storing'],
    ['Kiểm tra chất lượng', 'inspecting'],
    ['Bán', 'retail_selling'],
    ['Bàn giao', 'shipping'],
    ['Chế biến', null],
    ['Rang xay', null],
    ['Bản đồ', null],
  ])('%s -> %s', (activity, step) => {
    expect(cbvBizStepFor(activity)).toBe(step);
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])(
    'an activity named %s names no step',
    (activity) => {
      expect(cbvBizStepFor(activity)).toBeNull();
    },
  );

  it('keeps a stored step, bares a CBV long form, else maps, else mints the app URI', () => {
    const url = 'https://tx.vn/';
    expect(bizStepOf({ activity: 'Rang', bizStep: 'storing' }, url)).toBe('storing');
    expect(bizStepOf({ activity: 'Rang', bizStep: 'urn:epcglobal:cbv:bizstep:packing' }, url)).toBe(
      'packing',
    );
    expect(bizStepOf({ activity: 'Rang', bizStep: 'https://acme.vn/steps/roast' }, url)).toBe(
      'https://acme.vn/steps/roast',
    );
    expect(bizStepOf({ activity: 'Đóng gói', bizStep: '' }, url)).toBe('packing');
    expect(bizStepOf({ activity: 'Rang & xay (mẻ 2)', bizStep: null }, url)).toBe(
      'https://tx.vn/voc/bizstep/rang-xay-me-2',
    );
  });
});
