// The baseline of `npm run bench`'s page-weight goals: the smallest app on the same libraries
// as the sites (react 19, react-dom, wouter, zustand), rendering one routed hello page. Built
// by the same Vite in the same run as the sites, it is what "as light as a hello-world" means.
import { createRoot } from 'react-dom/client';
import { Route, Router, Switch } from 'wouter';
import { create } from 'zustand';

const useGreeting = create<{ name: string }>(() => ({ name: 'world' }));

function Hello() {
  const name = useGreeting((state) => state.name);
  return <h1>Hello, {name}</h1>;
}

createRoot(document.getElementById('root')!).render(
  <Router>
    <Switch>
      <Route path="/" component={Hello} />
    </Switch>
  </Router>,
);
