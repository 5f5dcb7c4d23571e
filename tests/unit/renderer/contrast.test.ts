import { describe, expect, it } from 'vitest';
import { AA_TEXT, contrast, luminance, primaryTextColour, readableShade } from '../../../src-renderer/themes/contrast';

describe('WCAG contrast of the theme colours', () => {
  it('computes WCAG 2 luminance and contrast', () => {
    expect(luminance('#FFFFFF')).toBeCloseTo(1, 5);
    expect(luminance('#000000')).toBe(0);
    expect(contrast('#FFFFFF', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#2EA300', '#FFFFFF')).toBeCloseTo(3.3, 1); // the spec's colour: below AA for text
    expect(contrast('#8C8C8C', '#FFFFFF')).toBeCloseTo(3.36, 2);
  });

  it('gives the spec colour a darker shade of the same hue that reaches AA with white, and keeps a colour that does', () => {
    const shade = primaryTextColour('#2EA300');
    expect(shade).toBe('#268700');
    expect(contrast(shade, '#FFFFFF')).toBeGreaterThanOrEqual(AA_TEXT);
    // darker, same hue: each channel scaled towards black alike
    expect(0x26 / 0x2e).toBeCloseTo(0x87 / 0xa3, 1);
    expect(primaryTextColour('#0958D9')).toBe('#0958D9');
    // on a dark background the shade goes lighter
    expect(contrast('#0958D9', '#141414')).toBeLessThan(AA_TEXT);
    const light = readableShade('#0958D9', '#141414');
    expect(contrast(light, '#141414')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(luminance(light)).toBeGreaterThan(luminance('#0958D9'));
  });

  it('finds an AA shade for every preset of the colour picker', () => {
    for (const c of ['#2EA300', '#1677FF', '#409EFF', '#F5222D', '#FA541C', '#FAAD14', '#13C2C2', '#722ED1', '#EB2F96', '#000000'])
      expect(contrast(primaryTextColour(c), '#FFFFFF'), c).toBeGreaterThanOrEqual(AA_TEXT);
  });
});
