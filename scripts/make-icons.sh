#!/usr/bin/env bash
# Regenerates the app's icon set from the SVG master, resources/icon.svg:
#   resources/icons/NxN.png (16 … 1024), resources/icon.png (1024), resources/icon.ico (Windows,
#   16–256) and resources/icon.icns (macOS). The results are committed; run this after editing
#   the SVG. Needs rsvg-convert (librsvg2-bin), png2icns (icnsutils) and ImageMagick's convert:
#   apt-get install librsvg2-bin icnsutils imagemagick
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in rsvg-convert png2icns /usr/bin/convert; do
  command -v "$tool" >/dev/null || { echo "make-icons: $tool is missing (apt-get install librsvg2-bin icnsutils imagemagick)" >&2; exit 1; }
done

mkdir -p resources/icons
for size in 16 32 48 64 128 256 512 1024; do
  rsvg-convert --width "$size" --height "$size" --keep-aspect-ratio resources/icon.svg -o "resources/icons/${size}x${size}.png"
done
cp resources/icons/1024x1024.png resources/icon.png

# Windows: one .ico holding every size the shell asks for.
/usr/bin/convert resources/icons/{16x16,32x32,48x48,64x64,128x128,256x256}.png resources/icon.ico
# macOS: png2icns takes the sizes the format knows (16, 32, 48, 128, 256, 512, 1024).
png2icns resources/icon.icns resources/icons/{16x16,32x32,48x48,128x128,256x256,512x512,1024x1024}.png >/dev/null
echo "make-icons: wrote resources/icons/*.png, resources/icon.png, resources/icon.ico and resources/icon.icns"
