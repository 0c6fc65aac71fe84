// The shop runs on Preact through its React compatibility layer (decision record 035): the same
// components, React Router and TanStack Query, at a tenth of React DOM's weight in every page's
// first load. The build, the server render and the web tests all resolve React's names to it, so
// what the tests render is what ships.
const compat = [
  ['react', 'preact/compat'],
  ['react-dom', 'preact/compat'],
  ['react-dom/client', 'preact/compat/client'],
  ['react-dom/server', 'preact/compat/server'],
  ['react-dom/test-utils', 'preact/test-utils'],
  ['react/jsx-runtime', 'preact/compat/jsx-runtime'],
  ['react/jsx-dev-runtime', 'preact/compat/jsx-dev-runtime'],
] as const;

const escape = (name: string) => name.replace(/[/-]/g, (c) => `\\${c}`);

export const preactAliases = compat.map(([name, replacement]) => ({
  find: new RegExp(`^${escape(name)}$`),
  replacement,
}));
