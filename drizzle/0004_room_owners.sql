CREATE TABLE `room_owners` (
	`code` text PRIMARY KEY NOT NULL,
	`node_id` text NOT NULL,
	`epoch` integer NOT NULL,
	`renewed_at` integer NOT NULL,
	`lease_until` integer NOT NULL
);
