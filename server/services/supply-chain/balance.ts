import { vi } from '#shared/i18n/vi/index.ts';
import { formatQuantityVi, microOf, parseQuantity, quantityText } from '#shared/quantity.ts';
import { type UnitOfMeasure, unitByCode, unitOfText } from '#shared/units.ts';

const m = vi.supplyChain.balance;

/** A quantity of a Rec 20 unit, as stored (canonical decimal text, decision 201). */
export interface Flow {
  quantity: string;
  unit: string;
}

/** The sum of some flows per unit, each as canonical text. */
export interface UnitTotal {
  unit: string;
  quantity: string;
}

export interface MassBalance {
  /** What came into the lot: its produced quantity (when its unit is known) and its receipts. */
  in: UnitTotal[];
  /** What went out: its shipments and what other lots used of it. */
  out: UnitTotal[];
  /** Why the out may exceed the in, in Vietnamese; empty when it does not (shipping more is allowed, warned). */
  warnings: string[];
}

/** Sums per unit code, in the order the units first appear. */
export function totalsByUnit(flows: Flow[]): UnitTotal[] {
  const sums = new Map<string, bigint>();
  for (const f of flows) sums.set(f.unit, (sums.get(f.unit) ?? 0n) + microOf(f.quantity));
  return [...sums].map(([unit, micro]) => ({ unit, quantity: quantityText(micro) }));
}

/** The lot's own produced quantity (a float and a free-text unit on the lot) as a flow, when it can be one. */
export function producedFlow(quantity: number | null, unit: string | null): Flow | null {
  if (quantity === null || quantity <= 0) return null;
  const code = unitOfText(unit);
  const parsed = parseQuantity(quantity);
  if (!code || 'problem' in parsed) return null;
  return { quantity: quantityText(parsed.micro), unit: code.code };
}

/** The group a unit is compared within: its dimension for mass and volume, itself for counts and packages. */
const groupOf = (u: UnitOfMeasure | undefined, code: string) =>
  u && u.dimension !== 'count' ? u.dimension : `unit:${code}`;

/** Whole millionths of the group's smallest unit (gram, millilitre), or of the unit itself for counts. */
const baseMicro = (f: Flow) => {
  const u = unitByCode(f.unit);
  return microOf(f.quantity) * BigInt(u && u.dimension !== 'count' ? u.base : 1);
};

/** A group's total as people read it: kilograms for mass, litres for volume, the unit itself otherwise. */
function shown(group: string, micro: bigint): string {
  if (group === 'mass') return `${formatQuantityVi(quantityText(micro / 1000n))} kg`;
  if (group === 'volume') return `${formatQuantityVi(quantityText(micro / 1000n))} lít`;
  const unit = group.slice('unit:'.length);
  return `${formatQuantityVi(quantityText(micro))} ${unitByCode(unit)?.symbol ?? unit}`;
}

/** A group named in a warning: a unit's symbol, or the dimension. */
const what = (group: string) =>
  group === 'mass'
    ? 'khối lượng'
    : group === 'volume'
      ? 'thể tích'
      : (unitByCode(group.slice(5))?.symbol ?? group.slice(5));

/**
 * The mass balance of a lot: is more shipped and used than was produced and received? Compared per group
 * (kilograms with tonnes, litres with millilitres, cartons with cartons), exactly (BigInt). A warning, never
 * a refusal: a company records a shipment before the receipt's paper arrives.
 */
export function massBalance(inFlows: Flow[], outFlows: Flow[]): MassBalance {
  const warnings: string[] = [];
  const group = (flows: Flow[]) => {
    const sums = new Map<string, bigint>();
    for (const f of flows) {
      const key = groupOf(unitByCode(f.unit), f.unit);
      sums.set(key, (sums.get(key) ?? 0n) + baseMicro(f));
    }
    return sums;
  };
  const ins = group(inFlows);
  const outs = group(outFlows);
  for (const [key, out] of outs) {
    const had = ins.get(key);
    if (had === undefined) {
      warnings.push(ins.size === 0 ? m.unknownIn : m.notComparable(what(key)));
    } else if (out > had) {
      warnings.push(m.over(shown(key, out), shown(key, had)));
    }
  }
  return { in: totalsByUnit(inFlows), out: totalsByUnit(outFlows), warnings: [...new Set(warnings)] };
}
