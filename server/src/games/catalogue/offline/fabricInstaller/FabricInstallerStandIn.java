import java.io.FileOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

public class FabricInstallerStandIn {
  public static void main(String[] a) throws Exception {
    String mc = null, loader = null;
    for (int i = 0; i < a.length - 1; i++) {
      if (a[i].equals("-mcversion")) mc = a[i + 1];
      if (a[i].equals("-loader")) loader = a[i + 1];
    }
    if (a.length == 0 || !a[0].equals("server") || mc == null || loader == null) {
      System.err.println("usage: server -mcversion <version> -loader <version>");
      System.exit(2);
    }
    try (ZipOutputStream z = new ZipOutputStream(new FileOutputStream("fabric-server-launch.jar"))) {
      z.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
      z.write("Manifest-Version: 1.0\r\nMain-Class: net.fabricmc.loader.impl.launch.server.FabricServerLauncher\r\n\r\n".getBytes(StandardCharsets.UTF_8));
      z.closeEntry();
      z.putNextEntry(new ZipEntry("fabric-loader.txt"));
      z.write(("Fabric Loader " + loader + " for Minecraft " + mc + " (test stand-in)\n").getBytes(StandardCharsets.UTF_8));
      z.closeEntry();
    }
    Files.write(Paths.get("fabric-server-launcher.properties"), "serverJar=server.jar\n".getBytes(StandardCharsets.UTF_8));
    System.out.println("Installed Fabric Loader " + loader + " for Minecraft " + mc);
  }
}
