// The baseline of `npm run bench`'s page-weight goals: the smallest app on the same libraries
// as the sites (react 19, react-dom, wouter, zustand), rendering one routed hello page. Built
// by the same Vite in the same run as the sites, it is what "as light as a hello-world" means;
// served by Vite's own dev server, it is what the live preview's loop is measured against.
import { createRoot } from 'react-dom/client';
import { Route, Router, Switch } from 'wouter';
import { Hello } from './Hello.tsx';

createRoot(document.getElementById('root')!).render(
  <Router>
    <Switch>
      <Route path="/" component={Hello} />
    </Switch>
  </Router>,
);
