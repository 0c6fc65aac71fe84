// `npm install` runs this (postinstall): the web app and the server are built here, once, so that
// the first `npm start` only starts. A failed build does not fail the install: `npm start` tries
// again and shows why.
import { buildWhatChanged } from './lib/build.mjs';

try {
  await buildWhatChanged();
} catch (err) {
  console.error(`${err.message}; \`npm start\` will try again.`);
}
