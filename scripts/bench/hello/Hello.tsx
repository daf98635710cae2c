// The hello app's page (scripts/bench/hello/main.tsx): a module of its own, as a component is in
// an app, so that an edit of it is a hot update in Vite's dev server (scripts/bench/dev-loop.ts).
import { create } from 'zustand';

const useGreeting = create<{ name: string }>(() => ({ name: 'world' }));

export function Hello() {
  const name = useGreeting((state) => state.name);
  return <h1>Hello, {name}</h1>;
}
