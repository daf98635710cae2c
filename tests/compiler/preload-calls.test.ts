import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { unwrapPreloads } from '../../generator/bundle/client-build.ts';

// The client build replaces each call of Vite's preload helper (which only calls what it wraps:
// the CSS it would preload is inline in every page) by the call it makes
// (generator/bundle/client-build.ts `unwrapPreloads`): bytes of every page's runtime chunk.
const unwrap = (code: string) => unwrapPreloads(code, (text) => parseAst(text));
const META = ['import', 'meta', 'url'].join('.');

describe('unwrapPreloads', () => {
  it('makes each call of the helper the call it wraps, whatever its dependencies say', () => {
    expect(unwrap(`var a=h(()=>import(\`./a.js\`),__VITE_PRELOAD__,${META});`)).toBe('var a=import(`./a.js`);');
    expect(unwrap(`f(()=>h(()=>import(\`./b.js\`).then(e=>e.B),[],${META}));`)).toBe('f(()=>import(`./b.js`).then(e=>e.B));');
    expect(unwrap(`x=h(()=>import(\`./c.js\`),__vite__mapDeps([0,2]),${META})`)).toBe('x=import(`./c.js`)');
    expect(unwrap(`y=h(async()=>{let{c:e}=await import(\`./c.js\`);return{c:e}},void 0,${META}).then(g)`)).toBe(
      'y=(async()=>{let{c:e}=await import(`./c.js`);return{c:e}})().then(g)',
    );
    // Several in one chunk, and an arrow whose body is no call is bracketed.
    expect(unwrap(`[h(()=>import(\`./d.js\`),[],${META}),h(()=>a?b:c,[],${META})]`)).toBe('[import(`./d.js`),(a?b:c)]');
  });

  it('leaves every other call as it is', () => {
    const code = `h(()=>import(\`./a.js\`),[],other);g(x,[],${META});k((a)=>import(\`./b.js\`),[],${META});`;
    expect(unwrap(code)).toBe(code);
  });
});
