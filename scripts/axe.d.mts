// Types of scripts/axe.mjs for the TypeScript tests.
import type { Page } from '@playwright/test';

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[]; summary: string }[];
}
export declare function axeViolations(page: Page): Promise<AxeViolation[]>;
export declare function seriousOrWorse(violations: AxeViolation[]): string[];
export declare function tally(violations: AxeViolation[]): { critical: number; serious: number; moderate: number; minor: number; rules: string[] };
