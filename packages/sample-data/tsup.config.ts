import { defineConfig } from 'tsup';

export default defineConfig({
  // `lists` is the light entry: the lookup lists without the generator, the
  // Faker class and the non-English locales.
  entry: { index: 'src/index.ts', lists: 'src/lists.ts' },
  format: ['esm', 'cjs'],
  // Both formats, not only ESM: the lists live in a chunk shared by the two
  // entries, so `bear` from the root and from `./lists` is one array for
  // `require` users too, rather than two copies that are equal but not `===`.
  splitting: true,
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2020',
  treeshake: true,
});
