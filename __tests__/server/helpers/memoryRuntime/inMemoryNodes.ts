import type { NodeDriverHandle, NodeEngine } from '../../../../server/src/runtime/nodes/NodeConnection';
import { MemoryDriver } from './MemoryDriver';

/**
 * Nodes kept in memory for the panel's `openNode`: each node's driver by name, and the names in
 * `down`, whose "engine" refuses every connection (open and ping) until taken out again.
 */
export function inMemoryNodes<D extends MemoryDriver = MemoryDriver>(makeDriver: () => D = () => new MemoryDriver() as D) {
  const drivers = new Map<string, D>();
  const down = new Set<string>();
  const openNode = (engine: NodeEngine): NodeDriverHandle => {
    const driver = makeDriver();
    drivers.set(engine.name, driver);
    const answer = async () => {
      if (down.has(engine.name)) throw new Error('connect ECONNREFUSED');
    };
    driver.open = answer;
    return { driver, ping: answer };
  };
  return { drivers, down, openNode };
}
