// gray-matter's YAML engine (js-yaml's safeLoad), used directly: we split the frontmatter
// ourselves, and matter() costs twice the YAML parse in wrapping (a Buffer copy of the
// input, option defaults, a cache). Pinned gray-matter 4.0.3 ships this file as CommonJS.
declare module 'gray-matter/lib/engines.js' {
  const engines: { yaml: { parse(input: string): unknown } };
  export default engines;
}
