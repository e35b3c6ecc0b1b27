import { useMutation } from '@tanstack/react-query';
import { chooseOpenPath } from '../api/native-dialogs';

/**
 * Desktop app: "Choose…" beside a path field opens the native open dialog and fills the field with the chosen
 * path (typing one stays possible). Cancelling changes nothing; a dialog that fails shows as an error notice.
 */
export function ChooseFileButton({ purpose, onChosen, disabled, testId }: { purpose: 'import' | 'restore'; onChosen: (path: string) => void; disabled: boolean; testId: string }) {
  const choose = useMutation({
    mutationFn: () => chooseOpenPath(purpose),
    onSuccess: (path) => {
      if (path) onChosen(path);
    },
  });
  return (
    <button type="button" className="button button-ghost" onClick={() => choose.mutate()} disabled={disabled || choose.isPending} data-testid={testId}>
      Choose…
    </button>
  );
}
