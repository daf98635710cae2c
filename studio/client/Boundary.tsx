import { Component } from 'react';
import type { ReactNode } from 'react';

type Props = {
  children: ReactNode;
  /** Which screen shows (its file, its revision...): another one clears the stop. */
  screen: string;
  home: () => void;
};
type State = { error?: Error };

/**
 * A screen that stopped on a bug of the studio's page (an answer it could not read, a mistake of
 * its own), said with a way on, instead of the blank page React leaves when a render throws and
 * nothing catches it. The header stays; unsaved edits are in the browser's storage, where the
 * file's screen finds them again after a reload.
 */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.screen !== this.props.screen && this.state.error) this.setState({ error: undefined });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <main id="main" className="stopped">
        <h1>This screen stopped</h1>
        <p role="alert">The studio's page hit a bug: {error.message}</p>
        <p>
          A file's unsaved edits are kept in this browser.{' '}
          <button type="button" onClick={() => window.location.reload()}>
            Reload
          </button>{' '}
          <button type="button" onClick={this.props.home}>
            Every file
          </button>
        </p>
      </main>
    );
  }
}
