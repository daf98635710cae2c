/** The way back to Find from a file or a screen of its own (Translations, Changes): a link, followed in place. */
export function BackLink({ go }: { go: () => void }) {
  return (
    <nav aria-label="Back">
      <a
        href="/"
        onClick={(event) => {
          event.preventDefault();
          go();
        }}
      >
        ← Every file
      </a>
    </nav>
  );
}
