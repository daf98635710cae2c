import path from 'node:path';
import { replaceInFile } from './content.ts';

/**
 * Pages not yet translated, in a copy of the content (docs/translations.md): jp lists the FAQ
 * and technical support, kr the Bumblebee's product page; none is written in their language.
 */
export async function addUntranslatedRoutes(content: string): Promise<void> {
  const jp = path.join(content, 'regions/jp/region.yaml');
  await replaceInFile(
    jp,
    '  - page: where-to-buy\n',
    '  - page: where-to-buy\n  - { page: faq, kind: faq }\n  - page: technical-support\n',
  );
  const kr = path.join(content, 'regions/kr/region.yaml');
  await replaceInFile(kr, '  - page: manuals\n', '  - page: manuals\n  - { page: flagship-bumblebee, product: flagshipBumblebee }\n');
}
