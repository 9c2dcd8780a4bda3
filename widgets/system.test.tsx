/**
 * The app's Chakra system carries only the recipes of the components it renders (widgets/system.ts). A
 * component whose recipe is missing renders unstyled without any error, so this reads every Chakra import of
 * the app, its stories and the @rjsf/chakra-ui theme, and checks that the system has each one's recipe.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recipes as chakraRecipes, slotRecipes as chakraSlotRecipes } from '@chakra-ui/react/theme';
import { system } from './system';

/** vitest runs from the project root. */
const root = process.cwd();

/** Components whose recipe is not named after them, or that use more than their own. */
const ALSO: Record<string, string[]> = {
  IconButton: ['button'],
  CloseButton: ['button'],
  InputGroup: ['inputAddon'],
  InputAddon: ['inputAddon'],
  Toaster: ['toast'],
  createIcon: ['icon'],
  Icon: ['icon'],
  Checkbox: ['checkbox', 'checkmark'],
  RadioGroup: ['radioGroup', 'radiomark'],
};

const known = [...Object.keys(chakraRecipes), ...Object.keys(chakraSlotRecipes)];
const lowerFirst = (s: string) => s[0].toLowerCase() + s.slice(1);

/** The recipes a Chakra export needs: the longest recipe key its name starts with (FieldsetRoot -> fieldset). */
function recipesOf(name: string): string[] {
  if (ALSO[name]) return ALSO[name];
  if (name[0] !== name[0].toUpperCase()) return [];
  const key = known.filter((k) => lowerFirst(name).startsWith(k)).sort((a, b) => b.length - a.length)[0];
  return key ? [key] : [];
}

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : filesUnder(p, ext);
    return ext.test(e.name) ? [p] : [];
  });
}

/** Chakra names imported by each file (`{ Checkbox as ChakraCheckbox }` counts as Checkbox). */
function chakraImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]@chakra-ui\/react['"]/g)].flatMap((m) =>
    m[1]
      .split(',')
      .map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0])
      .filter(Boolean),
  );
}

const sources = [
  ...filesUnder(path.join(root, 'widgets'), /\.tsx?$/),
  ...filesUnder(path.join(root, 'screens'), /\.tsx?$/),
  ...filesUnder(path.join(root, 'node_modules/@rjsf/chakra-ui/lib'), /\.js$/),
];

describe('the Chakra system', () => {
  it('reads the imports it checks', () => {
    const names = new Set(sources.flatMap(chakraImports));
    for (const n of ['Button', 'Table', 'Dialog', 'Checkbox', 'NumberInput']) expect(names, n).toContain(n);
  });

  it('has the recipe of every Chakra component the app renders', () => {
    const missing = sources.flatMap((file) =>
      chakraImports(file).flatMap((name) =>
        recipesOf(name)
          .filter((key) => !system.isRecipe(key) && !system.isSlotRecipe(key))
          .map((key) => `${name} (${path.relative(root, file)}) needs the '${key}' recipe: add it in widgets/system.ts`),
      ),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it('leaves out recipes nobody renders', () => {
    for (const key of ['accordion', 'tabs', 'hoverCard', 'tooltip', 'avatar']) expect(system.isRecipe(key) || system.isSlotRecipe(key), key).toBe(false);
  });
});
