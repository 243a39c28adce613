interface ImportMetaEnv {
  /** The language a build speaks (vite/localeBuilds.ts); undefined in `vite` dev and in tests. */
  readonly SCORPION_LOCALE?: string;
}
