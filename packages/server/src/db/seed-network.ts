import type { ConnectionMode } from '@farmsense/shared';

interface DemoNetworkDevice {
  tenantId: number;
  farmId: number;
  name: string;
  ip: string;
  serverPort: number;
  connectionMode: ConnectionMode;
}

/**
 * The demo farms' network devices (CONTRACT §5: every screen has data): a DTU per house group
 * (the pig farm's two areas, the poultry farm's two buildings) that the houses' controllers
 * report through, a meter hub reading the water and electricity meters, and on the pig farm the
 * feeder main unit. Each farm on its own private subnet, so a 4008 controller added to the demo
 * can be placed on a port of one of them.
 */
export function demoNetworkDevices(tenantId: number, pigFarmId: number, poultryFarmId: number): DemoNetworkDevice[] {
  const at = (farmId: number, name: string, ip: string, serverPort: number, connectionMode: ConnectionMode): DemoNetworkDevice => ({
    tenantId,
    farmId,
    name,
    ip,
    serverPort,
    connectionMode,
  });
  return [
    at(pigFarmId, 'DTU Area 1', '192.168.10.11', 8899, 'tcpClient'),
    at(pigFarmId, 'DTU Area 2', '192.168.10.12', 8899, 'tcpClient'),
    at(pigFarmId, 'Meter hub', '192.168.10.20', 502, 'tcpServer'),
    at(pigFarmId, 'Feeder main unit', '192.168.10.30', 1883, 'mqtt'),
    at(poultryFarmId, 'DTU Building 1', '192.168.20.11', 8899, 'tcpClient'),
    at(poultryFarmId, 'DTU Building 2', '192.168.20.12', 8899, 'tcpClient'),
    at(poultryFarmId, 'Meter hub', '192.168.20.20', 502, 'tcpServer'),
  ];
}
