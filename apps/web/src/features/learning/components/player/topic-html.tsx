import { Typography } from '@mantine/core';
import classes from './player.module.css';

/** A topic's rich text. The server sanitises it when the course is saved (and serves only that). */
export function TopicHtml({ html }: { html: string }) {
  return (
    <Typography className={classes.prose}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised server-side (courses module) */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
