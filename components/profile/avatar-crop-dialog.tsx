"use client";

import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Slider from "@mui/material/Slider";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import { cropToBlob } from "@/components/profile/crop-image";

/**
 * Choose the square of the picture to keep: drag it (or focus it and use the arrow keys) and zoom.
 * Applying hands the cropped square back for a preview; nothing is saved yet.
 */
export function AvatarCropDialog({
  src,
  onCancel,
  onCropped,
}: {
  src: string;
  onCancel: () => void;
  onCropped: (blob: Blob) => void;
}) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const apply = async () => {
    if (!area) return;
    try {
      onCropped(await cropToBlob(src, area));
    } catch (e) {
      setFailure(e instanceof Error ? e.message : "The picture could not be cropped");
    }
  };
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="avatar-crop-title">
      <DialogTitle id="avatar-crop-title">Crop your picture</DialogTitle>
      <DialogContent>
        <Box sx={{ position: "relative", height: 320, bgcolor: "grey.900", borderRadius: 1, overflow: "hidden" }}>
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={1}
            cropShape="round"
            showGrid={false}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
            cropperProps={{ role: "group", "aria-label": "Crop area: drag the picture, or use the arrow keys" }}
            mediaProps={{ alt: "The picture to crop" }}
          />
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: "center", mt: 2 }}>
          <Typography id="avatar-zoom-label" variant="body2">
            Zoom
          </Typography>
          <Slider
            aria-labelledby="avatar-zoom-label"
            min={1}
            max={3}
            step={0.05}
            value={zoom}
            onChange={(_, value) => setZoom(value)}
          />
        </Stack>
        {failure && (
          <Typography role="alert" color="error">
            {failure}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" disabled={!area} onClick={() => void apply()}>
          Use this crop
        </Button>
      </DialogActions>
    </Dialog>
  );
}
