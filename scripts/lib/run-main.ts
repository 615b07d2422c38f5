/** Runs a script's main and exits with its code; a thrown error is printed and exits 1. */
export function runMain(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
