package dev.mrgraph.neo4j;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.harness.Neo4j;
import org.neo4j.harness.Neo4jBuilders;
import org.neo4j.server.configuration.ServerSettings;

/**
 * Development/CI Neo4j server for mrgraph: the neo4j-harness in-process server (Community
 * Edition) with Bolt and HTTP (Neo4j Browser at /browser/) on loopback only.
 *
 * <p>Settings come from the environment, and {@code --name=value} arguments override them:
 * NEO4J_BOLT_PORT / --bolt-port (7687), NEO4J_HTTP_PORT / --http-port (7474),
 * NEO4J_HOST / --host (127.0.0.1), NEO4J_PASSWORD / --password (mrgraph-test-pw; an empty
 * value disables authentication), NEO4J_DATA_DIR / --data-dir (./run/data),
 * NEO4J_PAGECACHE_MB / --pagecache-mb (256). The store lives in a fresh random folder under the
 * data dir and is deleted on a clean shutdown (SIGTERM/SIGINT): nothing persists.
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) {
        try {
            run(args);
        } catch (Throwable t) {
            // Neo4j leaves non-daemon threads behind when start-up fails: exit explicitly.
            System.err.println("mrgraph-neo4j: FAILED to start");
            t.printStackTrace();
            System.exit(1);
        }
    }

    private static void run(String[] args) throws Exception {
        Map<String, String> env = System.getenv();
        String host = option(args, env, "host", "NEO4J_HOST", "127.0.0.1");
        int boltPort = Integer.parseInt(option(args, env, "bolt-port", "NEO4J_BOLT_PORT", "7687"));
        int httpPort = Integer.parseInt(option(args, env, "http-port", "NEO4J_HTTP_PORT", "7474"));
        String password = option(args, env, "password", "NEO4J_PASSWORD", "mrgraph-test-pw");
        Path dataDir = Path.of(option(args, env, "data-dir", "NEO4J_DATA_DIR", "run/data")).toAbsolutePath();
        long pagecacheMb = Long.parseLong(option(args, env, "pagecache-mb", "NEO4J_PAGECACHE_MB", "256"));
        boolean auth = !password.isEmpty();
        if (auth && password.length() < 8) {
            throw new IllegalArgumentException("NEO4J_PASSWORD must have at least 8 characters (Neo4j's minimum)");
        }
        Files.createDirectories(dataDir);

        long t0 = System.nanoTime();
        Neo4j neo4j = Neo4jBuilders.newInProcessBuilder(dataDir)
                .withConfig(BoltConnector.enabled, true)
                .withConfig(BoltConnector.listen_address, new SocketAddress(host, boltPort))
                .withConfig(BoltConnector.advertised_address, new SocketAddress(host, boltPort))
                .withConfig(HttpConnector.enabled, true)
                .withConfig(HttpConnector.listen_address, new SocketAddress(host, httpPort))
                .withConfig(HttpConnector.advertised_address, new SocketAddress(host, httpPort))
                .withConfig(GraphDatabaseSettings.auth_enabled, auth)
                .withConfig(GraphDatabaseSettings.pagecache_memory, pagecacheMb * 1024 * 1024)
                // No phoning home: no usage reports from the server, no telemetry from Browser.
                .withConfig(GraphDatabaseSettings.udc_enabled, false)
                .withConfig(ServerSettings.allow_telemetry, false)
                .build();

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("mrgraph-neo4j: shutting down");
            try {
                neo4j.close();
                System.out.println("mrgraph-neo4j: stopped");
            } finally {
                stopped.countDown();
            }
        }, "mrgraph-neo4j-shutdown"));

        if (auth) {
            // The built-in user starts with password 'neo4j' and must change it; set ours instead.
            neo4j.databaseManagementService()
                    .database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME)
                    .executeTransactionally(
                            "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED",
                            Map.of("password", password));
        }

        long ms = (System.nanoTime() - t0) / 1_000_000;
        System.out.printf("mrgraph-neo4j: store and Neo4j's own logs (neo4j.log, debug.log) in %s%n",
                neo4j.config().get(GraphDatabaseSettings.neo4j_home));
        System.out.printf("mrgraph-neo4j: bolt=%s http=%s browser=%sbrowser/ auth=%s%n",
                neo4j.boltURI(), neo4j.httpURI(), neo4j.httpURI(),
                auth ? "neo4j/<NEO4J_PASSWORD>" : "disabled");
        // start.sh waits for this exact line.
        System.out.printf("mrgraph-neo4j READY in %d ms%n", ms);
        System.out.flush();
        stopped.await();
    }

    private static String option(String[] args, Map<String, String> env, String name, String envName, String dflt) {
        String prefix = "--" + name + "=";
        for (String arg : args) {
            if (arg.startsWith(prefix)) {
                return arg.substring(prefix.length());
            }
        }
        String value = env.get(envName);
        return value != null ? value : dflt;
    }
}
