import type Docker from 'dockerode';

const statusOf = (error: unknown) => (error as { statusCode?: number } | null)?.statusCode;

/**
 * Removes the named container if there is one, running or not. 404: none. 409: the engine is
 * removing it already; it may hold the server's volume until it is gone, so wait for that.
 */
export async function removeContainerNamed(docker: Docker, name: string): Promise<void> {
  const container = docker.getContainer(name);
  try {
    await container.remove({ force: true });
  } catch (error) {
    if (statusOf(error) === 404) return;
    if (statusOf(error) !== 409) throw error;
    await container.wait({ condition: 'removed' }).catch((waitError: unknown) => {
      if (statusOf(waitError) !== 404) throw waitError;
    });
  }
}
