// Set up by the `server-memory` Jest project: the test apps of its suites run the in-memory driver.
process.env.PANEL_TEST_DRIVER = 'memory';
