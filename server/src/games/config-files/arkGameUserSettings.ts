import type { ConfigFieldSpec } from './ConfigFieldSpec';
import { unrealBool as bool, int, num, text } from './fieldBuilders';

const S = 'ServerSettings';

/**
 * Settings of ARK: Survival Evolved's ShooterGame/Saved/Config/LinuxServer/GameUserSettings.ini that
 * server owners change most, named `Section/Key` (split at the last /). The game rewrites this file
 * when it stops, so it is edited while the server is offline (the page offers a restart). Keys the
 * start command sets (name, passwords, ports, players) are in {@link arkManagedSettings}.
 */
export const arkGameUserSettings: readonly ConfigFieldSpec[] = [
  // Set by the start command from the startup settings (read-only in the form).
  text('SessionSettings/SessionName', 'An ARK Server', 'basic', 'Name shown in the server browser (change it under Startup).'),
  text(`${S}/ServerPassword`, '', 'basic', 'Password players need to join (change it under Startup).', { secret: true }),
  text(`${S}/ServerAdminPassword`, '', 'basic', 'Password of admin commands and RCON (set by the panel).', { secret: true }),
  int('/Script/Engine.GameSession/MaxPlayers', 20, 1, 255, 'basic', 'Players allowed online at once (change it under Startup).'),
  // The customer's settings.
  num(`${S}/DifficultyOffset`, '1', 0, 1, 'basic', 'Difficulty between 0 and 1; with the official difficulty it sets the highest creature level.'),
  num(`${S}/OverrideOfficialDifficulty`, '5', 0, 100, 'basic', 'Official difficulty (5 gives creatures up to level 150).'),
  bool(`${S}/ServerPVE`, false, 'basic', 'Player versus environment: players and their creatures cannot hurt each other.'),
  bool(`${S}/ServerHardcore`, false, 'basic', 'Players who die start again from level 1.'),
  num(`${S}/XPMultiplier`, '1', 0, 1000, 'basic', 'Multiplier of the experience players and creatures earn.'),
  num(`${S}/TamingSpeedMultiplier`, '1', 0, 1000, 'basic', 'Multiplier of the taming speed.'),
  num(`${S}/HarvestAmountMultiplier`, '1', 0, 1000, 'basic', 'Multiplier of the resources each harvest gives.'),
  num(`${S}/HarvestHealthMultiplier`, '1', 0, 1000, 'advanced', 'Multiplier of how many hits trees, rocks and corpses take.'),
  num(`${S}/ResourcesRespawnPeriodMultiplier`, '1', 0, 1000, 'advanced', 'Multiplier of the time resources take to grow back (lower is faster).'),
  num(`${S}/DayCycleSpeedScale`, '1', 0, 1000, 'basic', 'Speed of the day and night cycle.'),
  num(`${S}/DayTimeSpeedScale`, '1', 0, 1000, 'advanced', 'Speed of the daytime.'),
  num(`${S}/NightTimeSpeedScale`, '1', 0, 1000, 'advanced', 'Speed of the night.'),
  num(`${S}/PlayerDamageMultiplier`, '1', 0, 1000, 'advanced', 'Multiplier of the damage players deal.'),
  num(`${S}/PlayerResistanceMultiplier`, '1', 0, 1000, 'advanced', 'Multiplier of the damage players take (lower is tougher).'),
  num(`${S}/DinoDamageMultiplier`, '1', 0, 1000, 'advanced', 'Multiplier of the damage creatures deal.'),
  num(`${S}/DinoResistanceMultiplier`, '1', 0, 1000, 'advanced', 'Multiplier of the damage creatures take (lower is tougher).'),
  num(`${S}/DinoCountMultiplier`, '1', 0, 100, 'advanced', 'Multiplier of the number of wild creatures.'),
  num(`${S}/StructureDamageMultiplier`, '1', 0, 1000, 'advanced', 'Multiplier of the damage structures deal.'),
  num(`${S}/PlayerCharacterFoodDrainMultiplier`, '1', 0, 1000, 'advanced', 'How fast players get hungry.'),
  num(`${S}/PlayerCharacterWaterDrainMultiplier`, '1', 0, 1000, 'advanced', 'How fast players get thirsty.'),
  num(`${S}/PlayerCharacterStaminaDrainMultiplier`, '1', 0, 1000, 'advanced', 'How fast players use stamina.'),
  bool(`${S}/AllowThirdPersonPlayer`, true, 'basic', 'Players may use the third-person view.'),
  bool(`${S}/ServerCrosshair`, true, 'basic', 'Show the crosshair.'),
  bool(`${S}/ShowMapPlayerLocation`, true, 'basic', 'Players see their own position on the map.'),
  bool(`${S}/ShowFloatingDamageText`, false, 'advanced', 'Show damage numbers when hitting.'),
  bool(`${S}/AllowFlyerCarryPvE`, false, 'advanced', 'Flying creatures may carry wild creatures on PvE servers.'),
  bool(`${S}/DisableStructureDecayPvE`, false, 'advanced', 'Structures of absent players never decay on PvE servers.'),
  int(`${S}/MaxTamedDinos`, 5000, 0, 100_000, 'advanced', 'Tamed creatures allowed on the server.'),
  num(`${S}/AutoSavePeriodMinutes`, '15', 1, 1440, 'advanced', 'Minutes between automatic saves.'),
  num(`${S}/KickIdlePlayersPeriod`, '3600', 0, 86_400, 'advanced', 'Seconds of idling after which a player is kicked (with -EnableIdlePlayerKick).'),
  bool(`${S}/AdminLogging`, false, 'advanced', 'Tell every player in chat when an admin uses a command.'),
  text(`${S}/ActiveMods`, '', 'advanced', 'Steam Workshop ids of the mods to load, separated by commas.', {
    pattern: '^(\\d{1,12}(,\\d{1,12})*)?$',
    patternMessage: 'Must be Workshop ids separated by commas.',
  }),
  text('MessageOfTheDay/Message', '', 'basic', 'Message shown to players when they join.', {
    pattern: '^[^\\r\\n]{0,512}$',
    patternMessage: 'Must be a single line of at most 512 characters.',
  }),
  int('MessageOfTheDay/Duration', 20, 1, 3600, 'basic', 'Seconds the message of the day stays on screen.'),
];

/** Settings the start command passes (`?SessionName=…?MaxPlayers=…`), written with the same values before every start. */
export const arkManagedSettings: Record<string, string> = {
  'SessionSettings/SessionName': '{{SESSION_NAME}}',
  'SessionSettings/Port': '{{SERVER_PORT}}',
  'SessionSettings/QueryPort': '{{QUERY_PORT}}',
  [`${S}/ServerPassword`]: '{{SERVER_PASSWORD}}',
  [`${S}/ServerAdminPassword`]: '{{ADMIN_PASSWORD}}',
  [`${S}/RCONEnabled`]: 'True',
  [`${S}/RCONPort`]: '{{RCON_PORT}}',
  '/Script/Engine.GameSession/MaxPlayers': '{{MAX_PLAYERS}}',
};
