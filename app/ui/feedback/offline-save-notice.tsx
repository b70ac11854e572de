export function OfflineSaveNotice() {
  return (
    <p className="notice notice--info" role="status">
      Para guardar cambios necesitas conexión. Podrás hacerlo cuando vuelvas a estar en línea.
    </p>
  );
}
