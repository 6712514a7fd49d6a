'use strict';

// `npm run validate`: the app definition against zapier-platform-schema, as `zapier validate` checks it locally.
// The definition is what `zapier push` uploads: zapier-platform-core serialises the app (its functions become
// `$func$<arity>$f$` placeholders), then the schema validates it.
const { createAppHandler } = require('zapier-platform-core');
const { validateAppDefinition } = require('zapier-platform-schema');
const App = require('..');

/** The serialised app definition. */
const definition = async () => (await createAppHandler(App)({ command: 'definition', calledFromCli: true })).results;

/** The schema's errors for the app: none when it is valid. */
const validationErrors = async () => validateAppDefinition(await definition()).errors;

module.exports = { definition, validationErrors };

if (require.main === module) {
  validationErrors().then(
    (errors) => {
      for (const error of errors) console.error(`${error.property}: ${error.message}`);
      if (errors.length > 0) process.exit(1);
      console.log(
        `The app definition is valid: ${Object.keys(App.triggers).length} triggers, ${Object.keys(App.creates).length} creates, ${Object.keys(App.searches).length} search.`,
      );
    },
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
