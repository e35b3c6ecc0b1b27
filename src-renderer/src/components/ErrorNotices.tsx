import { useEffect } from 'react';
import { useUi } from '../store';
import { Icon } from './Icon';

/** Failed actions (rename, archive, switches…) as notices that fade after a while or on dismiss. */
export function ErrorNotices() {
  const { errors, dismissError } = useUi();
  useEffect(() => {
    if (errors.length === 0) return;
    const oldest = errors[0];
    const timer = setTimeout(() => oldest && dismissError(oldest.id), 8000);
    return () => clearTimeout(timer);
  }, [errors, dismissError]);
  if (errors.length === 0) return null;
  return (
    <div className="notices" role="alert" data-testid="error-notices">
      {errors.map((e) => (
        <div key={e.id} className="notice">
          <span>{e.message}</span>
          <button className="icon-button" aria-label="Dismiss" onClick={() => dismissError(e.id)}>
            <Icon name="close" size={14} />
          </button>
        </div>
      ))}
    </div>
  );
}
