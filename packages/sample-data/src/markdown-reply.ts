import type { Faker } from '@faker-js/faker';

/**
 * Share of replies that are a single sentence. Real assistants answer some
 * questions in one line; without these, every reply would be a wall of text and
 * row heights in a virtualized list would not vary from tiny to huge.
 */
const ONE_LINER_PROBABILITY = 0.2;
const LIST_PROBABILITY = 0.4;
const CODE_PROBABILITY = 0.35;
const INLINE_CODE_PROBABILITY = 0.25;

/** Fence tags a Markdown renderer (and its syntax highlighter) recognizes. */
const CODE_LANGUAGES = ['ts', 'js', 'python', 'bash', 'json'] as const;
type CodeLanguage = (typeof CODE_LANGUAGES)[number];

const VARIABLE_SUFFIXES = ['id', 'config', 'state', 'count', 'result', 'options'] as const;

/**
 * Identifier parts of one of faker's hacker words, some of which are two words
 * ("hard drive", "back up"). That vocabulary exists only in `en`, which every
 * supported locale falls back to, so code reads as English in all of them.
 */
function words(phrase: string): string[] {
  return phrase
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
const camelCase = (parts: readonly string[]): string =>
  parts.map((part, i) => (i === 0 ? part : capitalize(part))).join('');
const pascalCase = (parts: readonly string[]): string => parts.map(capitalize).join('');

/**
 * Names for plausible-looking code. A variable is always noun + suffix
 * (`driverConfig`, `interfaceId`) so that a bare noun can never be a reserved
 * word (`interface` is one in strict mode), and no name starts with a digit
 * because every name starts with a noun or a verb.
 */
function codeNames(faker: Faker) {
  const noun = () => words(faker.hacker.noun());
  const verb = () => words(faker.hacker.verb());
  const suffix = () => faker.helpers.arrayElement(VARIABLE_SUFFIXES);
  return {
    fn: () => camelCase([...verb(), ...noun()]),
    variable: () => camelCase([...noun(), suffix()]),
    property: () => camelCase(noun()),
    type: () => pascalCase(noun()),
    snakeFunction: () => [...verb(), ...noun()].join('_'),
    snakeVariable: () => [...noun(), suffix()].join('_'),
    kebab: () => noun().join('-'),
  };
}

type CodeNames = ReturnType<typeof codeNames>;
type CodeWriter = (faker: Faker, names: CodeNames) => string[];

function typeScriptCode(faker: Faker, names: CodeNames): string[] {
  if (faker.datatype.boolean()) {
    const fields = Array.from(
      { length: faker.number.int({ min: 2, max: 6 }) },
      () => `  ${names.property()}: ${faker.helpers.arrayElement(['string', 'number', 'boolean', 'string[]'])};`,
    );
    return [`export interface ${names.type()} {`, ...fields, '}'];
  }
  const param = names.variable();
  return [
    `export async function ${names.fn()}(${param}: ${names.type()}): Promise<void> {`,
    ...functionBody(faker, names, param),
    '}',
  ];
}

function javaScriptCode(faker: Faker, names: CodeNames): string[] {
  const param = names.variable();
  return [`async function ${names.fn()}(${param}) {`, ...functionBody(faker, names, param), '}'];
}

/** 1–5 statements in the style shared by the TypeScript and JavaScript samples. */
function functionBody(faker: Faker, names: CodeNames, param: string): string[] {
  const statements = [
    () => `  const ${names.variable()} = await ${names.fn()}(${param});`,
    () => `  if (!${param}.${names.property()}) return;`,
    () => `  ${param}.${names.property()} = ${faker.number.int({ min: 0, max: 1000 })};`,
    () => `  console.log('${faker.hacker.ingverb()}', ${param});`,
    () => `  await ${param}.${names.fn()}();`,
  ];
  return Array.from({ length: faker.number.int({ min: 1, max: 5 }) }, () => faker.helpers.arrayElement(statements)());
}

function pythonCode(faker: Faker, names: CodeNames): string[] {
  const param = names.snakeVariable();
  const statements = [
    () => `    ${names.snakeVariable()} = ${names.snakeFunction()}(${param})`,
    () => `    if not ${param}:\n        return None`,
    () => `    print(f"${faker.hacker.ingverb()} {${param}}")`,
    () => `    ${param}.${names.snakeFunction()}()`,
  ];
  const body = Array.from({ length: faker.number.int({ min: 1, max: 4 }) }, () =>
    faker.helpers.arrayElement(statements)(),
  );
  return [`def ${names.snakeFunction()}(${param}):`, ...body, `    return ${param}`];
}

function bashCode(faker: Faker, names: CodeNames): string[] {
  const commands = [
    () => `npm install ${names.kebab()}`,
    () => `cd ${names.kebab()}`,
    () => `./scripts/${names.kebab()}.sh --verbose`,
    () => `export ${names.snakeVariable().toUpperCase()}=${faker.number.int({ min: 1, max: 100 })}`,
    () => `git checkout -b fix/${names.kebab()}`,
  ];
  return Array.from({ length: faker.number.int({ min: 1, max: 5 }) }, () => faker.helpers.arrayElement(commands)());
}

function jsonCode(faker: Faker, names: CodeNames): string[] {
  const values = [
    () => JSON.stringify(faker.hacker.adjective()),
    () => String(faker.number.int({ min: 0, max: 500 })),
    () => String(faker.datatype.boolean()),
  ];
  const entries = Array.from(
    { length: faker.number.int({ min: 1, max: 6 }) },
    () => `  "${names.property()}": ${faker.helpers.arrayElement(values)()}`,
  );
  return ['{', entries.join(',\n'), '}'];
}

const CODE_WRITERS: Record<CodeLanguage, CodeWriter> = {
  ts: typeScriptCode,
  js: javaScriptCode,
  python: pythonCode,
  bash: bashCode,
  json: jsonCode,
};

function codeBlock(faker: Faker): string {
  const language = faker.helpers.arrayElement(CODE_LANGUAGES);
  const code = CODE_WRITERS[language](faker, codeNames(faker)).join('\n');
  return `\`\`\`${language}\n${code}\n\`\`\``;
}

/** Replaces one inner word of the text with an inline code span, as assistants quote identifiers. */
function withInlineCode(faker: Faker, text: string): string {
  const parts = text.split(' ');
  // Only bare words: swapping the first (capitalized) or a punctuated one would
  // lose the sentence's capital letter or its full stop.
  const candidates = parts.flatMap((part, i) => (i > 0 && /^[a-z]+$/.test(part) ? [i] : []));
  if (candidates.length === 0) return text;
  const index = faker.helpers.arrayElement(candidates);
  parts[index] = `\`${codeNames(faker).fn()}()\``;
  return parts.join(' ');
}

function paragraph(faker: Faker): string {
  const text = Array.from({ length: faker.number.int({ min: 1, max: 5 }) }, () => faker.lorem.sentence()).join(' ');
  return faker.datatype.boolean({ probability: INLINE_CODE_PROBABILITY }) ? withInlineCode(faker, text) : text;
}

function list(faker: Faker): string {
  const ordered = faker.datatype.boolean();
  // One lead-in style per list: assistants keep list items parallel.
  const lead = faker.helpers.arrayElement(['none', 'bold', 'code'] as const);
  const names = codeNames(faker);
  return Array.from({ length: faker.number.int({ min: 2, max: 6 }) }, (_, i) => {
    const marker = ordered ? `${i + 1}.` : '-';
    const text = faker.lorem.sentence({ min: 3, max: 10 });
    if (lead === 'bold') return `${marker} **${capitalize(faker.lorem.word())}**: ${text}`;
    if (lead === 'code') return `${marker} \`${names.fn()}\`: ${text}`;
    return `${marker} ${text}`;
  }).join('\n');
}

/**
 * An assistant-style Markdown reply drawn from `faker`: a one-liner, or 1–4
 * paragraphs, sometimes with a bulleted or numbered list and sometimes with a
 * fenced code block (with a language tag). Blocks are separated by a blank
 * line; the reply always opens with prose, as assistants introduce a list or a
 * code sample before showing it.
 */
export function markdownReply(faker: Faker): string {
  if (faker.datatype.boolean({ probability: ONE_LINER_PROBABILITY })) return faker.lorem.sentence();
  // Weighted towards short answers, as in real chats; long ones stay common
  // enough that a screenful of messages usually holds one.
  const paragraphCount = faker.helpers.weightedArrayElement([
    { weight: 4, value: 1 },
    { weight: 4, value: 2 },
    { weight: 3, value: 3 },
    { weight: 2, value: 4 },
  ]);
  const opening = paragraph(faker);
  const blocks = Array.from({ length: paragraphCount - 1 }, () => paragraph(faker));
  if (faker.datatype.boolean({ probability: LIST_PROBABILITY })) blocks.push(list(faker));
  if (faker.datatype.boolean({ probability: CODE_PROBABILITY })) blocks.push(codeBlock(faker));
  return [opening, ...faker.helpers.shuffle(blocks)].join('\n\n');
}
