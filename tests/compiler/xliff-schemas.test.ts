import { describe, expect, it } from 'vitest';
import { validateXliff } from '../support/xliff-schemas.ts';

// The judge the translation tests use on exported XLIFF (tests/support/xliff-schemas.ts): xmllint
// and the OASIS schemas (tests/fixtures/xliff-schemas/). These documents show it tells a valid
// document from an invalid one, for both versions and for the Size and Length Restriction module.

/** A minimal XLIFF 2.0 document as the export writes one: `file` and `unit` are replaced in it. */
function xliff20({
  file = 'id="f1" original="messages/fr-FR.yaml"',
  profiles = '<slr:profiles generalProfile="xliff:codepoints"/>',
  unit = 'slr:sizeRestriction="70"',
} = {}) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" xmlns:slr="urn:oasis:names:tc:xliff:sizerestriction:2.0" version="2.0" srcLang="en-US" trgLang="fr-FR">
  <file ${file}>
    ${profiles}
    <unit id="messages.nav.home" name="messages.nav.home" ${unit}>
      <notes>
        <note category="location">interface text</note>
      </notes>
      <segment state="translated">
        <source>Home</source>
        <target>Accueil</target>
      </segment>
    </unit>
  </file>
</xliff>
`;
}

/** A minimal XLIFF 1.2 document: `state` is the target's. */
function xliff12(state = 'translated') {
  return `<?xml version="1.0" encoding="UTF-8"?>
<xliff xmlns="urn:oasis:names:tc:xliff:document:1.2" version="1.2">
  <file original="messages/fr-FR.yaml" source-language="en-US" target-language="fr-FR" datatype="plaintext">
    <body>
      <trans-unit id="messages.nav.home" maxwidth="70" size-unit="char">
        <source>Home</source>
        <target state="${state}">Accueil</target>
        <note>interface text</note>
      </trans-unit>
    </body>
  </file>
</xliff>
`;
}

describe('the XLIFF 2.0 judge (xliff_core_2.0.xsd with size_restriction.xsd)', () => {
  it('finds a minimal document valid: a file, a named unit with notes and a translated segment, a codepoints profile on the file and a size restriction on the unit', async () => {
    expect(await validateXliff(xliff20(), '2.0')).toEqual([]);
  });

  it('refuses a file id that is not an NMTOKEN (a path with a slash)', async () => {
    const errors = await validateXliff(xliff20({ file: 'id="messages/fr-FR.yaml"' }), '2.0');
    expect(errors.join('\n')).toMatch(/attribute 'id': 'messages\/fr-FR\.yaml' is not a valid value of the atomic type 'xs:NMTOKEN'/);
  });

  it('enforces the module, not only the core: module attributes and elements are checked against its schema', async () => {
    const reference = await validateXliff(xliff20({ unit: 'slr:sizeInfoRef="two words"' }), '2.0');
    expect(reference.join('\n')).toMatch(
      /sizerestriction:2\.0\}sizeInfoRef': 'two words' is not a valid value of the atomic type 'xs:NMTOKEN'/,
    );
    const normalization = await validateXliff(
      xliff20({ profiles: '<slr:profiles generalProfile="xliff:codepoints"><slr:normalization general="nfkc"/></slr:profiles>' }),
      '2.0',
    );
    expect(normalization.join('\n')).toMatch(/attribute 'general': \[facet 'enumeration'\] The value 'nfkc' is not an element of the set/);
  });

  it("leaves the value of slr:sizeRestriction to the spec's prose: the module's schema types it xs:string", async () => {
    // The xliff:codepoints profile wants "[minsize,]maxsize" (integers, or * for no maximum);
    // no OASIS schema says so, so this judge cannot catch a value that breaks it.
    expect(await validateXliff(xliff20({ unit: 'slr:sizeRestriction="abc"' }), '2.0')).toEqual([]);
  });

  it('refuses a document that is not well-formed, naming the line', async () => {
    const errors = await validateXliff(xliff20().replace('</target>', ''), '2.0');
    expect(errors[0]).toMatch(/^document\.xlf:\d+: parser error/);
  });
});

describe('the XLIFF 1.2 judge (xliff-core-1.2-strict.xsd)', () => {
  it('finds a minimal document valid: a translated target, a maximum width in characters on the trans-unit', async () => {
    expect(await validateXliff(xliff12(), '1.2')).toEqual([]);
  });

  it('refuses a state that is not one of the standard values (nor an x- value)', async () => {
    const errors = await validateXliff(xliff12('done'), '1.2');
    expect(errors.join('\n')).toMatch(/attribute 'state': 'done' is not a valid value/);
  });
});
