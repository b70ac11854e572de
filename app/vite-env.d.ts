interface ImportMetaEnv {
  /** Address of the external Sedecc site opened from the side navigation; unset hides its entries. */
  readonly VITE_SEDECC_URL?: string;
}
