export {
  DialogPrompt,
  type DialogPromptProps,
  type OpenDialogPromptOptions,
  openDialogPrompt,
} from './dialog-prompt.tsx';
export { DialogPromptForm, type DialogPromptFormProps } from './dialog-prompt-form.tsx';
export { type PromptField, type PromptFieldType, type PromptValues, promptFieldError } from './prompt-fields.ts';
