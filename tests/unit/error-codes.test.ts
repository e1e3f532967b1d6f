import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { errorTemplates, findErrorCode } from '@/contract/error-codes';

const root = path.resolve(import.meta.dirname, '../..');
const en = JSON.parse(readFileSync(path.join(root, 'messages/en.json'), 'utf8')) as Record<string, string>;
const hi = JSON.parse(readFileSync(path.join(root, 'messages/hi.json'), 'utf8')) as Record<string, string>;
const inputs = (text: string) => new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]));

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** The texts an expression can be, with every `${...}` filled by a sample value; none for a call or a variable. */
function textsOf(node: ts.Expression): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) {
    // A wait in words (`minutes(seconds)`) reads "7 minutes"; any other value, 7.
    const sample = (span: ts.TemplateSpan) => (/^minutes\(/.test(span.expression.getText()) ? '7 minutes' : '7');
    return [node.head.text + node.templateSpans.map((span) => `${sample(span)}${span.literal.text}`).join('')];
  }
  if (ts.isConditionalExpression(node)) return [...textsOf(node.whenTrue), ...textsOf(node.whenFalse)];
  if (ts.isParenthesizedExpression(node)) return textsOf(node.expression);
  return [];
}

const CHECKS = /^z\.(minLength|maxLength|length|gte|lte|gt|lt|regex|refine|email|int|startsWith)$/;

/**
 * Every refusal text of the server (`new HttpError`, `refuse(`) and of the contract's schemas; `tooMany(what)` of the
 * accounts' routes writes "{what} Try again in 7 minutes." (its own HttpError is that template, left out).
 */
function refusalTexts(): { file: string; text: string }[] {
  const found: { file: string; text: string }[] = [];
  for (const file of [...sourceFiles('server/src'), ...sourceFiles('src/contract')]) {
    const source = ts.createSourceFile(file, readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const inContract = file.startsWith('src/contract/');
    const add = (node: ts.Expression | undefined, after = '') => {
      if (node) for (const text of textsOf(node)) found.push({ file, text: text + after });
    };
    const inTooMany = (node: ts.Node) =>
      ts.findAncestor(node, (up) => ts.isFunctionDeclaration(up))?.name?.text === 'tooMany';
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) && node.expression.getText() === 'HttpError' && !inTooMany(node)) {
        add(node.arguments?.[1]);
      }
      if (ts.isCallExpression(node) && node.expression.getText() === 'refuse') add(node.arguments[0]);
      if (ts.isCallExpression(node) && node.expression.getText() === 'tooMany') {
        add(node.arguments[0], ' Try again in 7 minutes.');
      }
      if (inContract && ts.isPropertyAssignment(node) && node.name.getText() === 'error') add(node.initializer);
      if (inContract && ts.isCallExpression(node) && CHECKS.test(node.expression.getText())) {
        node.arguments.slice(1).forEach((argument) => add(argument));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('refusal codes', () => {
  it('has words in English and Hindi for every code, the English being the server’s', () => {
    for (const [code, template] of Object.entries(errorTemplates)) {
      expect(en[`error_${code}`], code).toBe(template);
      expect(hi[`error_${code}`], code).toMatch(/[\u0900-\u097f]/);
      // Hindi may leave a value out (an English unit), never use one the refusal does not carry.
      for (const name of inputs(hi[`error_${code}`]!)) expect(inputs(template), `${code} {${name}}`).toContain(name);
    }
  });

  // Parsing every source file takes seconds on a busy machine.
  it('finds a code for every refusal the server and the contract can write', () => {
    const texts = refusalTexts();
    expect(texts.length).toBeGreaterThan(300);
    const missing = texts
      .filter(({ text }) => findErrorCode(text) === null)
      .map(({ file, text }) => `${file}: ${text}`);
    expect(missing).toEqual([]);
  }, 60_000);

  it('reads the params back from a filled text, the most specific template first', () => {
    expect(findErrorCode('Password must be at least 8 characters')).toEqual({
      code: 'password_too_short',
      params: { min: '8' },
    });
    expect(findErrorCode('callback_place must be at most 300 characters')).toEqual({
      code: 'too_long',
      params: { field: 'callback_place', max: '300' },
    });
    expect(findErrorCode('An account with this email already exists; log in instead')).toEqual({ code: 'email_taken' });
    expect(findErrorCode('A text nobody wrote')).toBeNull();
  });
});
