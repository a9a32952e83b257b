import { NOTIFICATION_PLACEHOLDERS, type NotificationType } from '@heed/contract';
import { Code, ScrollArea, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import classes from './template-editor.module.css';

/**
 * The placeholders the type's templates may use, beside the editor: a click inserts one at the cursor
 * of the field last edited (a list's loop goes into the body).
 */
export function PlaceholderList({
  type,
  onInsert,
}: {
  type: NotificationType;
  onInsert: (snippet: string, multiline: boolean) => void;
}) {
  return (
    <Stack gap={6} miw={0}>
      <Text size="sm" fw={600} id="placeholders-heading">
        Placeholders
      </Text>
      <Text size="xs" c="dimmed">
        Click one to insert it at the cursor.
      </Text>
      <ScrollArea.Autosize mah={520} type="auto" offsetScrollbars>
        <Stack gap={4} role="list" aria-labelledby="placeholders-heading">
          {NOTIFICATION_PLACEHOLDERS[type].map((placeholder) => (
            <Tooltip
              key={placeholder.key}
              label={`Preview: ${placeholder.sample}`}
              position="left"
              withArrow
              openDelay={400}
            >
              <UnstyledButton
                role="listitem"
                className={classes.placeholder}
                onClick={() => onInsert(placeholder.snippet, placeholder.fields !== undefined)}
                aria-label={`Insert ${placeholder.key}: ${placeholder.description}`}
              >
                <Code className={classes.placeholderKey}>
                  {placeholder.fields ? `{% for r in ${placeholder.key} %}` : `{{ ${placeholder.key} }}`}
                </Code>
                <Text size="xs" c="dimmed" mt={2}>
                  {placeholder.description}
                </Text>
              </UnstyledButton>
            </Tooltip>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
