// Values for the generated tests over the declarations (tests/contract/declared-rules.test.ts,
// tests/unit/renderer/declared-rules.test.ts): one meeting a field's rules, and for each rule one breaking it
// (while meeting the rules before it, so that rule's message is the answer).
import { firstBroken, meets, type FieldDecl, type FieldRule } from './declare';

const TEXT_GUESSES = ['abc1', 'a', 'zh-CN', 'example.com', '10.0.0.1', '/srv/www', 'x'];
// '0.125': a number in range with too many decimals (a pattern of at most two, e.g. the AI model's temperature)
// '00000000000': eleven digits of the wrong shape (a mobile number's pattern after its length's); '-----BEGIN x':
// PEM text cut short (a certificate's)
const BREAK_GUESSES = ['!', 'A!', 'a b', '中文', "'", '$x', '-', '.', '1', '', 'abc', '0.125', '00000000000', '-----BEGIN x'];

/** A value meeting every rule of the field (unique aside), or undefined when no guess does. */
export function validValue(field: FieldDecl): string | number | undefined {
  if (field.example !== undefined) return field.example;
  const allowed = field.rules.find((r): r is Extract<FieldRule, { enum: unknown }> => 'enum' in r);
  const lo = field.rules.find((r): r is Extract<FieldRule, { min: number }> => 'min' in r);
  const guesses: (string | number)[] = allowed ? [...allowed.enum] : field.type === 'string' ? TEXT_GUESSES : [lo ? lo.min : 1, 0, 1];
  return guesses.find((g) => firstBroken(field, g) === null);
}

/** A value whose first broken rule is `rule` (a rule sharing its message counts), or undefined when none is found. */
export function breakingValue(field: FieldDecl, rule: FieldRule): string | number | undefined {
  if ('unique' in rule) return undefined;
  const lo = field.rules.find((r): r is Extract<FieldRule, { min: number }> => 'min' in r);
  const candidates: (string | number)[] =
    'required' in rule ? [''] :
    'maxLength' in rule ? ['a'.repeat(rule.maxLength + 1), '1'.repeat(rule.maxLength + 1)] :
    'min' in rule ? [rule.min - 1] :
    'max' in rule ? [rule.max + 1] :
    'whole' in rule ? [(lo ? lo.min : 1) + 0.5] :
    'enum' in rule ? (rule.enum.some((e) => typeof e === 'number') ? [987654] : ['zz-none']) :
    BREAK_GUESSES;
  return candidates.find((c) => !meets(rule, c) && firstBroken(field, c)?.message === rule.message);
}
