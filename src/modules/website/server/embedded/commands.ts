import type { Command } from '../../../../platform/cli/command';
import { publishPagesCommand } from './content/commands';
import { importWxrFileCommand } from './import/commands';

/** The operator's website commands: importing a WordPress export, publishing held pages. */
export const websiteCommands: Record<string, Command> = {
  'import-wxr': {
    summary: "Import a WordPress export (WXR) into a school's website: posts, pages, categories.",
    usage: 'import-wxr FILE --school LABEL [--local-images]',
    positionals: 1,
    options: {
      school: { required: true, description: "the school's label" },
      'local-images': {
        flag: true,
        description: "replace pictures hot-linked from other sites by placeholders of their size, stored as the school's uploads",
      },
    },
    run: (runtime, values, [file], print) =>
      importWxrFileCommand(runtime, file ?? '', values.school ?? '', print, { localImages: values['local-images'] === 'true' }),
  },
  'publish-pages': {
    summary: 'Publish pages held for review now, of one school or (without --school) of every school.',
    usage: 'publish-pages [--school LABEL]',
    positionals: 0,
    options: { school: { description: "only this school's pages; default every school" } },
    run: (runtime, values, _p, print) => publishPagesCommand(runtime, values.school, print),
  },
};
