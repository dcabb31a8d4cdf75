/**
 * The palette (client/src/palette.css) meets WCAG 2.2 AA in every look the settings offer: the file is
 * read as it ships, each look's variables are resolved the way the cascade would resolve them on <html>
 * and inside the menu, and every pair of colours the interface draws is measured.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONTRASTS, COLOR_SCHEMES, NAV_COLORS, PRIMARY_COLORS } from '#client/settings/app-settings.ts';

const css = readFileSync(join(import.meta.dirname, '../../client/src/palette.css'), 'utf8');

/** The file's blocks in source order: selector and its `--name: value` declarations. */
const blocks = [...css.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([^{}]+)\{([^}]*)\}/g)].map((m) => ({
  selector: m[1]!.trim(),
  vars: Object.fromEntries(
    [...m[2]!.matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)].map((d) => [d[1]!, d[2]!.trim()]),
  ),
}));

interface Look {
  scheme: 'light' | 'dark';
  accent: (typeof PRIMARY_COLORS)[number];
  contrast: (typeof CONTRASTS)[number];
  nav: (typeof NAV_COLORS)[number];
}

/** Which blocks apply on <html> (page) or inside `.nav-surface` (menu) for one look. */
function applies(selector: string, look: Look, where: 'page' | 'menu'): boolean {
  const known: Record<string, boolean> = {
    ':root': true,
    [`:root[data-accent="${look.accent}"]`]: true,
    '.dark': look.scheme === 'dark',
    '[data-contrast="high"]': look.contrast === 'high',
    '[data-nav-color="apparent"]': look.nav === 'apparent',
    '[data-nav-color="apparent"] .nav-surface': look.nav === 'apparent' && where === 'menu',
  };
  if (selector in known) return known[selector]!;
  if (/^:root\[data-accent="\w+"\]$/.test(selector)) return false;
  throw new Error(`palette.css: the test does not know when "${selector}" applies; teach it`);
}

/** Every variable of a look, later blocks winning, var() references followed to a colour. */
function resolve(look: Look, where: 'page' | 'menu'): (name: string) => string {
  const merged: Record<string, string> = {};
  for (const b of blocks) if (applies(b.selector, look, where)) Object.assign(merged, b.vars);
  const get = (name: string, depth = 0): string => {
    const value = merged[name];
    if (value === undefined) throw new Error(`${name} is not defined for ${JSON.stringify(look)}`);
    const ref = value.match(/^var\((--[\w-]+)\)$/);
    if (ref && depth < 10) return get(ref[1]!, depth + 1);
    if (!/^#[0-9a-f]{6}$/i.test(value)) throw new Error(`${name}: "${value}" is not #rrggbb`);
    return value.toLowerCase();
  };
  return get;
}

/** WCAG 2.x relative luminance and contrast ratio. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

const TEXT = 4.5;
const UI = 3;
/** Backgrounds text and controls sit on. */
const GROUNDS = ['--canvas', '--surface', '--soft'];

/** [foreground, background, minimum] for every pair the components draw. */
const PAIRS: [string, string, number][] = [
  ...GROUNDS.flatMap((g): [string, string, number][] => [
    ['--ink', g, TEXT],
    ['--ink-soft', g, TEXT],
    ['--primary', g, TEXT], // links, the active tab, step numbers (text-primary)
    ['--primary-dark', g, TEXT], // the open menu group's title (text-primary-dark)
    ['--danger', g, TEXT], // field errors, delete buttons (text-danger)
    ['--primary', g, UI], // focus rings, selected borders, radio and checkbox marks
    ['--control', g, UI], // the border that shows where an input is
  ]),
  ['--on-primary', '--primary', TEXT], // primary buttons, badges, initials
  ['--on-primary', '--primary-dark', TEXT], // primary buttons on hover
  ['--primary-dark', '--primary-light', TEXT], // the current menu item, selected choices, status chips
  ['--ink', '--primary-light', TEXT], // selected tags and import summary
  ['--primary', '--primary-light', UI], // a selected choice's border on its tint
];

const looks: Look[] = COLOR_SCHEMES.filter((s) => s !== 'system').flatMap((scheme) =>
  PRIMARY_COLORS.flatMap((accent) =>
    CONTRASTS.flatMap((c) => NAV_COLORS.map((nav) => ({ scheme, accent, contrast: c, nav }))),
  ),
);

describe('palette.css meets WCAG 2.2 AA', () => {
  it('knows each accent the settings offer, in its own block', () => {
    for (const accent of PRIMARY_COLORS.filter((a) => a !== 'green'))
      expect(
        blocks.some((b) => b.selector === `:root[data-accent="${accent}"]`),
        accent,
      ).toBe(true);
  });

  it.each(looks)('$scheme, $accent, contrast $contrast, menu $nav', (look) => {
    const failures: string[] = [];
    for (const where of ['page', 'menu'] as const) {
      const color = resolve(look, where);
      for (const [fg, bg, min] of PAIRS) {
        const ratio = contrast(color(fg), color(bg));
        if (ratio < min)
          failures.push(
            `${where}: ${fg} ${color(fg)} on ${bg} ${color(bg)} is ${ratio.toFixed(2)}:1, needs ${min}:1`,
          );
      }
    }
    expect(failures).toEqual([]);
  });

  it('measures as WCAG does: the old brand green on white was 3.29:1 (as axe reports it), black on white 21:1', () => {
    expect(Math.floor(contrast('#16a34a', '#ffffff') * 100) / 100).toBe(3.29);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });
});
