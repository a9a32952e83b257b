import type { PlayerProgress, PlayerState } from '@heed/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { myAssignmentsQueryKey } from '../../api/list-my-assignments.ts';
import { playerQueryKey } from '../../api/get-player.ts';
import { withProgress } from '../../model/player-model.ts';

/**
 * One step of the player (complete a topic, answer a question, commit SCORM data): the answer is
 * folded into the cached player at once, then the player and My Courses are read again. The step is
 * sent at most once at a time: a second click while one is on its way does nothing (the button is
 * disabled too, and the server ignores a replay anyway).
 */
export function usePlayerStep<V, R extends PlayerProgress>(
  assignmentId: number,
  send: (variables: V) => Promise<R>,
  onDone?: (result: R, variables: V) => void,
) {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (result, variables) => {
      queryClient.setQueryData<PlayerState>(playerQueryKey(assignmentId), (state) =>
        state ? withProgress(state, result) : state,
      );
      onDone?.(result, variables);
      void queryClient.invalidateQueries({ queryKey: playerQueryKey(assignmentId) });
      void queryClient.invalidateQueries({ queryKey: myAssignmentsQueryKey });
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });
  const run = (variables: V) => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate(variables);
  };
  return { ...mutation, run };
}
