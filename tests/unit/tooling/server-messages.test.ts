// Every refusal the back end writes is a key of the message table (src-shared/messages), so the console reads it
// in its language (issue 39 item 2): no `new ServiceError(...)` in src-server is given a Chinese text of its own,
// neither written in the call nor through a `MSG_*` constant. The calls are found with the TypeScript parser.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const CJK = /[\u3400-\u9fff\uff00-\uffef]/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.ts$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * The constants declared in a source text that hold a Chinese text: a `MSG_*` text, and the members of a `*_MSG`
 * table of texts (as `TABLE.member`).
 */
export function chineseConstants(text: string): Set<string> {
  const file = ts.createSourceFile('constants.ts', text, ts.ScriptTarget.Latest, true);
  const out = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const name = node.name.text;
      if (/^MSG_/.test(name) && isChinese(node.initializer, new Set())) out.add(name);
      let table: ts.Node = node.initializer;
      while (ts.isAsExpression(table) || ts.isSatisfiesExpression(table) || ts.isParenthesizedExpression(table)) table = table.expression;
      if (/_MSG$/.test(name) && ts.isObjectLiteralExpression(table)) {
        for (const p of table.properties) if (ts.isPropertyAssignment(p) && isChinese(p.initializer, new Set())) out.add(`${name}.${p.name.getText(file)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return out;
}

/** the names a source text declares at its top (its own constants) */
function declaredNames(text: string): Set<string> {
  const file = ts.createSourceFile('names.ts', text, ts.ScriptTarget.Latest, true);
  const out = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name)) out.add(d.name.text);
  }
  return out;
}

/** a message expression that is a Chinese text: a literal, a template, a choice or a sum of them, or a Chinese constant */
function isChinese(node: ts.Node, constants: ReadonlySet<string>): boolean {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return CJK.test(node.text);
  if (ts.isTemplateExpression(node)) return CJK.test(node.head.text) || node.templateSpans.some((s) => CJK.test(s.literal.text));
  if (ts.isParenthesizedExpression(node)) return isChinese(node.expression, constants);
  if (ts.isConditionalExpression(node)) return isChinese(node.whenTrue, constants) || isChinese(node.whenFalse, constants);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) return isChinese(node.left, constants) || isChinese(node.right, constants);
  if (ts.isIdentifier(node)) return constants.has(node.text);
  if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) return constants.has(`${node.expression.text}.${node.name.text}`);
  return false;
}

/** the `new ServiceError(...)` calls of a source text whose message is a Chinese text, as "line: call" */
export function literalRefusals(text: string, constants: ReadonlySet<string> = chineseConstants(text), name = 'file.ts'): string[] {
  const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'ServiceError') {
      const message = node.arguments?.[0];
      if (message && isChinese(message, constants)) found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().slice(0, 120)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("the server's refusals are keys", () => {
  it('finds a Chinese text given to ServiceError, written in or through a constant (the check can fail)', () => {
    const text = [
      "throw new ServiceError('请选择至少一条数据');",
      'throw new ServiceError(`请求参数格式错误: ${name}`);',
      "throw new ServiceError(ok ? 'a.b' : '数据不存在');",
      'throw new ServiceError(MSG_NOT_FOUND);',
      "throw new ServiceError('common.notFound');",
      "throw new ServiceError({ key: 'common.badFormat', params: { name } });",
      'throw new ServiceError(MSG_KEYED);',
      "throw new ServiceError(inRow(row, { key: 'sys.x', params: { v: cell('用户平台') } }));",
      "const MSG_NOT_FOUND = '数据不存在或已被删除';",
      "const MSG_KEYED = 'common.notFound';",
      "const SAMPLE_MSG = { loaded: '示例矩阵已加载', keyed: { key: 'sample.loaded' } } as const;",
      'throw new ServiceError(SAMPLE_MSG.loaded);',
      'throw new ServiceError(SAMPLE_MSG.keyed);',
    ].join('\n');
    expect(literalRefusals(text).map((f) => f.split(':')[0])).toEqual(['1', '2', '3', '4', '12']);
  });

  it('no file of src-server gives ServiceError a Chinese text', () => {
    const files = sourceFiles(join(root, 'src-server')).map((f) => [f, readFileSync(f, 'utf8')] as const);
    // a constant may be imported from another file: the Chinese ones of all files, by name; a file's own
    // declaration of a name is the one it reads
    const everywhere = new Set(files.flatMap(([, text]) => [...chineseConstants(text)]));
    const found = files.flatMap(([f, text]) => {
      const own = declaredNames(text);
      const constants = new Set([...chineseConstants(text), ...[...everywhere].filter((c) => !own.has(c.split('.')[0]!))]);
      return literalRefusals(text, constants, f).map((c) => `${relative(root, f)}:${c}`);
    });
    expect(found).toEqual([]);
  });
});
