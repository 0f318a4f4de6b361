import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, parseAst, type Rolldown } from 'vite';
import { antdNarrowImports, narrowedImporter, narrowings, pickDeclarations } from './antd-narrow-imports.ts';

const nodeModules = path.join(import.meta.dirname, '../../../node_modules');
const source = (file: string) => readFileSync(path.join(nodeModules, file), 'utf8');

describe('antd imports narrowed to the helper they use', () => {
  it('finds every narrowed import in the installed antd, exactly as written, and points it elsewhere', () => {
    expect(narrowings.length).toBeGreaterThan(0);
    for (const n of narrowings) {
      const out = narrowedImporter(source(n.importer), n, 'elsewhere');
      expect(() => parseAst(out), n.importer).not.toThrow();
      expect(out, n.importer).not.toContain(`from '${n.from}'`);
      expect(out, n.importer).toContain('from "elsewhere"');
    }
  });

  it('refuses an importer whose import changed, rather than building something else', () => {
    const n = narrowings.find((x) => x.names.includes('toNamePathStr'))!;
    const changed = source(n.importer).replace('import { toNamePathStr }', 'import { toNamePathStr, getFieldDOMNode }');
    expect(() => narrowedImporter(changed, n, 'elsewhere')).toThrow(/no longer imports exactly \{ toNamePathStr \}/);
  });

  it('picks a declaration with only the imports it uses, and refuses one that leans on its neighbours', () => {
    const presets = source('antd/es/color-picker/components/ColorPresets.js');
    const picked = pickDeclarations(presets, ['isBright']);
    expect(picked).toContain('export const isBright');
    expect(picked).toMatch(/import \{[^}]*Color as RcColor[^}]*\} from '@rc-component\/color-picker'/);
    // The presets panel and what it renders (Collapse, the locale) stay behind.
    expect(picked).not.toMatch(/collapse|useLocale|ColorPresets =/);
    expect(() => pickDeclarations('const base = 2;\nexport const twice = (n) => n * base;\n', ['twice'])).toThrow(/uses base, declared beside it/);
  });

  it('builds: the narrowed helpers are antd’s own and behave as antd’s do', async () => {
    const entry = '\0narrow-test-entry';
    const picked = (file: string, name: string) => `\0cc-picked:${path.join(nodeModules, file)}?${name}`;
    const result = (await build({
      configFile: false,
      logLevel: 'silent',
      root: import.meta.dirname,
      plugins: [
        antdNarrowImports(),
        {
          name: 'entry',
          resolveId: (id) => (id === entry ? id : null),
          load: (id) =>
            id === entry
              ? [
                  `import { isBright } from ${JSON.stringify(picked('antd/es/color-picker/components/ColorPresets.js', 'isBright'))};`,
                  `import { toNamePathStr } from ${JSON.stringify(picked('antd/es/form/hooks/useForm.js', 'toNamePathStr'))};`,
                  `import { AggregationColor } from 'antd/es/color-picker/color';`,
                  'export { isBright, toNamePathStr, AggregationColor };',
                ].join('\n')
              : null,
        },
      ],
      build: { write: false, rolldownOptions: { input: entry, preserveEntrySignatures: 'strict' }, minify: false },
    })) as Rolldown.RolldownOutput[] | Rolldown.RolldownOutput;
    const chunk = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output).find((o): o is Rolldown.OutputChunk => o.type === 'chunk' && o.isEntry)!;
    expect(Object.keys(chunk.modules).some((id) => /collapse|scroll-into-view|@rc-component[\\/]form/.test(id))).toBe(false);
    const mod = (await import(`data:text/javascript,${encodeURIComponent(chunk.code)}`)) as {
      isBright: (c: unknown, bg: string) => boolean;
      toNamePathStr: (n: unknown) => string;
      AggregationColor: new (c: string) => unknown;
    };
    expect(mod.toNamePathStr(['user', 0, 'name'])).toBe('user_0_name');
    expect(mod.toNamePathStr('email')).toBe('email');
    // What antd's solid tag and button decide their text colour by: black text on a light background.
    expect(mod.isBright(new mod.AggregationColor('#ffe58f'), '#fff')).toBe(true);
    expect(mod.isBright(new mod.AggregationColor('#1652f0'), '#fff')).toBe(false);
  }, 60_000);
});
